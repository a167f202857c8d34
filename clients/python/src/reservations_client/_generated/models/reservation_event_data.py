from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReservationEventData")


@_attrs_define
class ReservationEventData:
    """Open key set, keyed per type: statuses as `from_status`/`to_status`, field edits under `changes`,
    `overrides_accepted` when overrides waived something; on `reservation.cancelled`, `cancellation_reason`
    (`partner_api`, `guest_self_service`, `guarantee_expired` or the restaurant's own text). Guest-data keys
    (`contact_email`, `contact_phone`, `guest_notes` inside `changes`; `submitted_guest_name`, `submitted_email`,
    `submitted_phone` on `reservation.created`) appear only when the key carries `guests:read`.

    """

    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        reservation_event_data = cls()

        reservation_event_data.additional_properties = d
        return reservation_event_data

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
