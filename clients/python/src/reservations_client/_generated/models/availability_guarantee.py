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

T = TypeVar("T", bound="AvailabilityGuarantee")


@_attrs_define
class AvailabilityGuarantee:
    """The card guarantee a booking of this party on this service is asked for.

    Attributes:
        amount (int): For the whole party, smallest currency unit.
        cancel_hours (int | None): Free cancellation until this many hours before; null: always free.
        currency (str): ISO 4217.
        mode (Literal['imprint']):
        object_ (Literal['availability_guarantee']):
        per_guest_amount (int): Smallest currency unit.
    """

    amount: int
    cancel_hours: int | None
    currency: str
    mode: Literal["imprint"]
    object_: Literal["availability_guarantee"]
    per_guest_amount: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        cancel_hours: int | None
        cancel_hours = self.cancel_hours

        currency = self.currency

        mode = self.mode

        object_ = self.object_

        per_guest_amount = self.per_guest_amount

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "cancel_hours": cancel_hours,
                "currency": currency,
                "mode": mode,
                "object": object_,
                "per_guest_amount": per_guest_amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        def _parse_cancel_hours(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        cancel_hours = _parse_cancel_hours(d.pop("cancel_hours"))

        currency = d.pop("currency")

        mode = cast(Literal["imprint"], d.pop("mode"))
        if mode != "imprint":
            raise ValueError(f"mode must match const 'imprint', got '{mode}'")

        object_ = cast(Literal["availability_guarantee"], d.pop("object"))
        if object_ != "availability_guarantee":
            raise ValueError(
                f"object must match const 'availability_guarantee', got '{object_}'"
            )

        per_guest_amount = d.pop("per_guest_amount")

        availability_guarantee = cls(
            amount=amount,
            cancel_hours=cancel_hours,
            currency=currency,
            mode=mode,
            object_=object_,
            per_guest_amount=per_guest_amount,
        )

        availability_guarantee.additional_properties = d
        return availability_guarantee

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
