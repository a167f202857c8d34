from __future__ import annotations

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

T = TypeVar("T", bound="AvailabilitySlot")


@_attrs_define
class AvailabilitySlot:
    """A bookable start time.

    Attributes:
        available_covers (int | None): Null means unlimited, not zero.
        max_covers_per_slot (int | None): The slot's covers cap; null: none.
        object_ (Literal['availability_slot']):
        time (str): Start time on the service date.
    """

    available_covers: int | None
    max_covers_per_slot: int | None
    object_: Literal["availability_slot"]
    time: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        available_covers: int | None
        available_covers = self.available_covers

        max_covers_per_slot: int | None
        max_covers_per_slot = self.max_covers_per_slot

        object_ = self.object_

        time = self.time

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "available_covers": available_covers,
                "max_covers_per_slot": max_covers_per_slot,
                "object": object_,
                "time": time,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_available_covers(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        available_covers = _parse_available_covers(d.pop("available_covers"))

        def _parse_max_covers_per_slot(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_covers_per_slot = _parse_max_covers_per_slot(d.pop("max_covers_per_slot"))

        object_ = cast(Literal["availability_slot"], d.pop("object"))
        if object_ != "availability_slot":
            raise ValueError(
                f"object must match const 'availability_slot', got '{object_}'"
            )

        time = d.pop("time")

        availability_slot = cls(
            available_covers=available_covers,
            max_covers_per_slot=max_covers_per_slot,
            object_=object_,
            time=time,
        )

        availability_slot.additional_properties = d
        return availability_slot

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
