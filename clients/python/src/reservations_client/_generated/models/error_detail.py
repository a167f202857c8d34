from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.error_detail_type import ErrorDetailType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.violation import Violation


T = TypeVar("T", bound="ErrorDetail")


@_attrs_define
class ErrorDetail:
    """What went wrong.

    Attributes:
        code (str): Stable machine code; branch on it.
        doc_url (str): `{docs_url}/api/errors#<code>`; always present.
        message (str): English, for logs; never match on it or show it to guests.
        type_ (ErrorDetailType): `invalid_request_error` (400, 403, 404, 405, 409, 415, 422), `authentication_error`
            (401), `rate_limit_error` (429), `api_error` (500, 502).
        param (str | Unset): The offending request parameter; absent (not null) when none.
        violations (list[Violation] | Unset): Only on `booking_rules_violated`, even for a single rule.
    """

    code: str
    doc_url: str
    message: str
    type_: ErrorDetailType
    param: str | Unset = UNSET
    violations: list[Violation] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        doc_url = self.doc_url

        message = self.message

        type_ = self.type_.value

        param = self.param

        violations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.violations, Unset):
            violations = []
            for violations_item_data in self.violations:
                violations_item = violations_item_data.to_dict()
                violations.append(violations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "doc_url": doc_url,
                "message": message,
                "type": type_,
            }
        )
        if param is not UNSET:
            field_dict["param"] = param
        if violations is not UNSET:
            field_dict["violations"] = violations

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.violation import Violation

        d = dict(src_dict)
        code = d.pop("code")

        doc_url = d.pop("doc_url")

        message = d.pop("message")

        type_ = ErrorDetailType(d.pop("type"))

        param = d.pop("param", UNSET)

        _violations = d.pop("violations", UNSET)
        violations: list[Violation] | Unset = UNSET
        if _violations is not UNSET:
            violations = []
            for violations_item_data in _violations:
                violations_item = Violation.from_dict(violations_item_data)

                violations.append(violations_item)

        error_detail = cls(
            code=code,
            doc_url=doc_url,
            message=message,
            type_=type_,
            param=param,
            violations=violations,
        )

        error_detail.additional_properties = d
        return error_detail

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
