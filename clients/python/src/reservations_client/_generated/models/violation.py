from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.violation_code import ViolationCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.violation_conflict import ViolationConflict


T = TypeVar("T", bound="Violation")


@_attrs_define
class Violation:
    """A booking rule the request breaks. Documentation: `{docs_url}/api/errors#<code>`.

    Attributes:
        code (ViolationCode): Unique within a response.
        message (str): English, fixed per code (no figures, except `start_time_off_grid` naming the times); for logs.
        overridable (bool): Whether `override` with this code (and the override scope) waives it.
        conflicts (list[ViolationConflict] | Unset): On `section_occupied` only: one entry per occupied table.
        param (str | Unset): The request field to change, when one field is at fault.
    """

    code: ViolationCode
    message: str
    overridable: bool
    conflicts: list[ViolationConflict] | Unset = UNSET
    param: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        overridable = self.overridable

        conflicts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.conflicts, Unset):
            conflicts = []
            for conflicts_item_data in self.conflicts:
                conflicts_item = conflicts_item_data.to_dict()
                conflicts.append(conflicts_item)

        param = self.param

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
                "overridable": overridable,
            }
        )
        if conflicts is not UNSET:
            field_dict["conflicts"] = conflicts
        if param is not UNSET:
            field_dict["param"] = param

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.violation_conflict import ViolationConflict

        d = dict(src_dict)
        code = ViolationCode(d.pop("code"))

        message = d.pop("message")

        overridable = d.pop("overridable")

        _conflicts = d.pop("conflicts", UNSET)
        conflicts: list[ViolationConflict] | Unset = UNSET
        if _conflicts is not UNSET:
            conflicts = []
            for conflicts_item_data in _conflicts:
                conflicts_item = ViolationConflict.from_dict(conflicts_item_data)

                conflicts.append(conflicts_item)

        param = d.pop("param", UNSET)

        violation = cls(
            code=code,
            message=message,
            overridable=overridable,
            conflicts=conflicts,
            param=param,
        )

        violation.additional_properties = d
        return violation

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
