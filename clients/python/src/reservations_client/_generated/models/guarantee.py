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

from ..models.guarantee_kind import GuaranteeKind
from ..models.guarantee_status import GuaranteeStatus

T = TypeVar("T", bound="Guarantee")


@_attrs_define
class Guarantee:
    """The card guarantee of a booking.

    Attributes:
        amount (int | None): In the smallest unit of `currency`.
        currency (None | str): ISO 4217.
        expires_at (datetime.datetime | None): Deadline for saving the card, set on a requested guarantee.
        kind (GuaranteeKind): `imprint`: a saved card charged only on no-show or late cancellation; `prepayment`:
            reserved, never issued today.
        object_ (Literal['guarantee']):
        status (GuaranteeStatus | None):
    """

    amount: int | None
    currency: None | str
    expires_at: datetime.datetime | None
    kind: GuaranteeKind
    object_: Literal["guarantee"]
    status: GuaranteeStatus | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount: int | None
        amount = self.amount

        currency: None | str
        currency = self.currency

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        kind = self.kind.value

        object_ = self.object_

        status: None | str
        if isinstance(self.status, GuaranteeStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "currency": currency,
                "expires_at": expires_at,
                "kind": kind,
                "object": object_,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_amount(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        amount = _parse_amount(d.pop("amount"))

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        kind = GuaranteeKind(d.pop("kind"))

        object_ = cast(Literal["guarantee"], d.pop("object"))
        if object_ != "guarantee":
            raise ValueError(f"object must match const 'guarantee', got '{object_}'")

        def _parse_status(data: object) -> GuaranteeStatus | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_status = GuaranteeStatus(data)

                return status_status
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GuaranteeStatus | None, data)

        status = _parse_status(d.pop("status"))

        guarantee = cls(
            amount=amount,
            currency=currency,
            expires_at=expires_at,
            kind=kind,
            object_=object_,
            status=status,
        )

        guarantee.additional_properties = d
        return guarantee

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
