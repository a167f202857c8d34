from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AvailabilityClosure")


@_attrs_define
class AvailabilityClosure:
    """A closure covering the date.

    Attributes:
        end_date (datetime.date): Last closed date (inclusive).
        guest_message (None | str): Message for guests.
        name (None | str): Name of the closure.
        object_ (Literal['availability_closure']):
        start_date (datetime.date): First closed date.
    """

    end_date: datetime.date
    guest_message: None | str
    name: None | str
    object_: Literal["availability_closure"]
    start_date: datetime.date
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        end_date = self.end_date.isoformat()

        guest_message: None | str
        guest_message = self.guest_message

        name: None | str
        name = self.name

        object_ = self.object_

        start_date = self.start_date.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "end_date": end_date,
                "guest_message": guest_message,
                "name": name,
                "object": object_,
                "start_date": start_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        end_date = datetime.date.fromisoformat(d.pop("end_date"))

        def _parse_guest_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        guest_message = _parse_guest_message(d.pop("guest_message"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        object_ = cast(Literal["availability_closure"], d.pop("object"))
        if object_ != "availability_closure":
            raise ValueError(
                f"object must match const 'availability_closure', got '{object_}'"
            )

        start_date = datetime.date.fromisoformat(d.pop("start_date"))

        availability_closure = cls(
            end_date=end_date,
            guest_message=guest_message,
            name=name,
            object_=object_,
            start_date=start_date,
        )

        availability_closure.additional_properties = d
        return availability_closure

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
