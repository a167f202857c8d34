from __future__ import annotations

import datetime
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

from ..models.reservation_event_type import ReservationEventType

if TYPE_CHECKING:
    from ..models.reservation_event_data import ReservationEventData


T = TypeVar("T", bound="ReservationEvent")


@_attrs_define
class ReservationEvent:
    """A lifecycle event of a reservation.

    Attributes:
        created_at (datetime.datetime): When it happened. ISO 8601 with the restaurant's UTC offset, second precision.
        data (ReservationEventData): Open key set, keyed per type: statuses as `from_status`/`to_status`, field edits
            under `changes`, `overrides_accepted` when overrides waived something; on `reservation.cancelled`,
            `cancellation_reason` (`partner_api`, `guest_self_service`, `guarantee_expired` or the restaurant's own text).
            Guest-data keys (`contact_email`, `contact_phone`, `guest_notes` inside `changes`; `submitted_guest_name`,
            `submitted_email`, `submitted_phone` on `reservation.created`) appear only when the key carries `guests:read`.
        id (str): Not the id of the webhook event announcing the same change.
        object_ (Literal['reservation_event']):
        type_ (ReservationEventType):
    """

    created_at: datetime.datetime
    data: ReservationEventData
    id: str
    object_: Literal["reservation_event"]
    type_: ReservationEventType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        data = self.data.to_dict()

        id = self.id

        object_ = self.object_

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "data": data,
                "id": id,
                "object": object_,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reservation_event_data import ReservationEventData

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        data = ReservationEventData.from_dict(d.pop("data"))

        id = d.pop("id")

        object_ = cast(Literal["reservation_event"], d.pop("object"))
        if object_ != "reservation_event":
            raise ValueError(
                f"object must match const 'reservation_event', got '{object_}'"
            )

        type_ = ReservationEventType(d.pop("type"))

        reservation_event = cls(
            created_at=created_at,
            data=data,
            id=id,
            object_=object_,
            type_=type_,
        )

        reservation_event.additional_properties = d
        return reservation_event

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
