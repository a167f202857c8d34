from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReservationGuaranteeRequest")


@_attrs_define
class ReservationGuaranteeRequest:
    """Ask the guest for a card now; `{}` asks on the restaurant's terms.

    Attributes:
        amount (int | None | Unset): Smallest currency unit; must be above zero (else 422 `guarantee_amount_invalid`).
        cancel_on_expiry (bool | None | Unset): Cancel the booking when the deadline passes unpaid; default true.
        deadline_hours (int | None | Unset): Hours to save a card; default 48, clamped.
    """

    amount: int | None | Unset = UNSET
    cancel_on_expiry: bool | None | Unset = UNSET
    deadline_hours: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        amount: int | None | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        cancel_on_expiry: bool | None | Unset
        if isinstance(self.cancel_on_expiry, Unset):
            cancel_on_expiry = UNSET
        else:
            cancel_on_expiry = self.cancel_on_expiry

        deadline_hours: int | None | Unset
        if isinstance(self.deadline_hours, Unset):
            deadline_hours = UNSET
        else:
            deadline_hours = self.deadline_hours

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if amount is not UNSET:
            field_dict["amount"] = amount
        if cancel_on_expiry is not UNSET:
            field_dict["cancel_on_expiry"] = cancel_on_expiry
        if deadline_hours is not UNSET:
            field_dict["deadline_hours"] = deadline_hours

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_amount(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_cancel_on_expiry(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        cancel_on_expiry = _parse_cancel_on_expiry(d.pop("cancel_on_expiry", UNSET))

        def _parse_deadline_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        deadline_hours = _parse_deadline_hours(d.pop("deadline_hours", UNSET))

        reservation_guarantee_request = cls(
            amount=amount,
            cancel_on_expiry=cancel_on_expiry,
            deadline_hours=deadline_hours,
        )

        return reservation_guarantee_request
