from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.table import Table


T = TypeVar("T", bound="ViolationConflict")


@_attrs_define
class ViolationConflict:
    """A table of the section occupied at the requested time.

    Attributes:
        end_time (str): End of the occupation.
        start_time (str): Start of the occupation.
        table (Table): A table of the floor plan.
    """

    end_time: str
    start_time: str
    table: Table
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        end_time = self.end_time

        start_time = self.start_time

        table = self.table.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "end_time": end_time,
                "start_time": start_time,
                "table": table,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table import Table

        d = dict(src_dict)
        end_time = d.pop("end_time")

        start_time = d.pop("start_time")

        table = Table.from_dict(d.pop("table"))

        violation_conflict = cls(
            end_time=end_time,
            start_time=start_time,
            table=table,
        )

        violation_conflict.additional_properties = d
        return violation_conflict

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
