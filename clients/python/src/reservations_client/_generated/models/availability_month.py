from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.availability_day import AvailabilityDay


T = TypeVar("T", bound="AvailabilityMonth")


@_attrs_define
class AvailabilityMonth:
    """Availability of every day of a month, in order (never sparse).

    Attributes:
        days (list[AvailabilityDay]):
        month (str): `YYYY-MM`, as asked.
        object_ (Literal['availability_month']):
    """

    days: list[AvailabilityDay]
    month: str
    object_: Literal["availability_month"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)

        month = self.month

        object_ = self.object_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "days": days,
                "month": month,
                "object": object_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.availability_day import AvailabilityDay

        d = dict(src_dict)
        days = []
        _days = d.pop("days")
        for days_item_data in _days:
            days_item = AvailabilityDay.from_dict(days_item_data)

            days.append(days_item)

        month = d.pop("month")

        object_ = cast(Literal["availability_month"], d.pop("object"))
        if object_ != "availability_month":
            raise ValueError(
                f"object must match const 'availability_month', got '{object_}'"
            )

        availability_month = cls(
            days=days,
            month=month,
            object_=object_,
        )

        availability_month.additional_properties = d
        return availability_month

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
