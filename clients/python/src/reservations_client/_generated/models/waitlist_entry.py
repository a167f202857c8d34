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

from ..models.waitlist_entry_joined_via import WaitlistEntryJoinedVia
from ..models.waitlist_entry_status import WaitlistEntryStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.guest import Guest


T = TypeVar("T", bound="WaitlistEntry")


@_attrs_define
class WaitlistEntry:
    """A party waiting for a table on a service date, within a window of times.

    Attributes:
        created_at (datetime.datetime): ISO 8601 with the restaurant's UTC offset, second precision.
        guest (Guest | str): The `gst_` id; the full guest with `expand=guest` (needs `guests:read`).
        id (str): The entry's id.
        joined_via (WaitlistEntryJoinedVia):
        object_ (Literal['waitlist_entry']):
        party_size (int): Guests.
        reservation (None | str): The booking the entry became; null while an offer is open.
        service_date (datetime.date): Restaurant timezone.
        shift_end_time (None | str): The service's end as recorded when the guest joined.
        shift_name (None | str): The service's name as recorded when the guest joined.
        shift_start_time (None | str): The service's start as recorded when the guest joined.
        status (WaitlistEntryStatus): `active` waiting; `offered` a place offered, the offer open; `suggested` proposed
            to staff (a table freed up in its window); `promoted` became a booking (`reservation`); `cancelled`; `expired`
            (its service passed or its offer ran out).
        updated_at (datetime.datetime): What `updated_since` compares against. ISO 8601 with the restaurant's UTC
            offset, second precision.
        window_end (str): Latest wanted time; at or after `window_start` once offsets apply.
        window_end_day_offset (int): 0 = the service date, 1 = the post-midnight tail of its service (a window 23:30 to
            00:30 has end offset 1).
        window_start (str): Earliest wanted time, `HH:MM` on the service date (see the offset).
        window_start_day_offset (int): 0 = the service date, 1 = the post-midnight tail of its service (a window 23:30
            to 00:30 has end offset 1).
        notes (None | str | Unset): The guest's own request. Guest data: present only when the key carries
            `guests:read`, absent (never null) otherwise.
    """

    created_at: datetime.datetime
    guest: Guest | str
    id: str
    joined_via: WaitlistEntryJoinedVia
    object_: Literal["waitlist_entry"]
    party_size: int
    reservation: None | str
    service_date: datetime.date
    shift_end_time: None | str
    shift_name: None | str
    shift_start_time: None | str
    status: WaitlistEntryStatus
    updated_at: datetime.datetime
    window_end: str
    window_end_day_offset: int
    window_start: str
    window_start_day_offset: int
    notes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.guest import Guest

        created_at = self.created_at.isoformat()

        guest: dict[str, Any] | str
        if isinstance(self.guest, Guest):
            guest = self.guest.to_dict()
        else:
            guest = self.guest

        id = self.id

        joined_via = self.joined_via.value

        object_ = self.object_

        party_size = self.party_size

        reservation: None | str
        reservation = self.reservation

        service_date = self.service_date.isoformat()

        shift_end_time: None | str
        shift_end_time = self.shift_end_time

        shift_name: None | str
        shift_name = self.shift_name

        shift_start_time: None | str
        shift_start_time = self.shift_start_time

        status = self.status.value

        updated_at = self.updated_at.isoformat()

        window_end = self.window_end

        window_end_day_offset = self.window_end_day_offset

        window_start = self.window_start

        window_start_day_offset = self.window_start_day_offset

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "guest": guest,
                "id": id,
                "joined_via": joined_via,
                "object": object_,
                "party_size": party_size,
                "reservation": reservation,
                "service_date": service_date,
                "shift_end_time": shift_end_time,
                "shift_name": shift_name,
                "shift_start_time": shift_start_time,
                "status": status,
                "updated_at": updated_at,
                "window_end": window_end,
                "window_end_day_offset": window_end_day_offset,
                "window_start": window_start,
                "window_start_day_offset": window_start_day_offset,
            }
        )
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.guest import Guest

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_guest(data: object) -> Guest | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                guest_type_1 = Guest.from_dict(data)

                return guest_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Guest | str, data)

        guest = _parse_guest(d.pop("guest"))

        id = d.pop("id")

        joined_via = WaitlistEntryJoinedVia(d.pop("joined_via"))

        object_ = cast(Literal["waitlist_entry"], d.pop("object"))
        if object_ != "waitlist_entry":
            raise ValueError(
                f"object must match const 'waitlist_entry', got '{object_}'"
            )

        party_size = d.pop("party_size")

        def _parse_reservation(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reservation = _parse_reservation(d.pop("reservation"))

        service_date = datetime.date.fromisoformat(d.pop("service_date"))

        def _parse_shift_end_time(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        shift_end_time = _parse_shift_end_time(d.pop("shift_end_time"))

        def _parse_shift_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        shift_name = _parse_shift_name(d.pop("shift_name"))

        def _parse_shift_start_time(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        shift_start_time = _parse_shift_start_time(d.pop("shift_start_time"))

        status = WaitlistEntryStatus(d.pop("status"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        window_end = d.pop("window_end")

        window_end_day_offset = d.pop("window_end_day_offset")

        window_start = d.pop("window_start")

        window_start_day_offset = d.pop("window_start_day_offset")

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        waitlist_entry = cls(
            created_at=created_at,
            guest=guest,
            id=id,
            joined_via=joined_via,
            object_=object_,
            party_size=party_size,
            reservation=reservation,
            service_date=service_date,
            shift_end_time=shift_end_time,
            shift_name=shift_name,
            shift_start_time=shift_start_time,
            status=status,
            updated_at=updated_at,
            window_end=window_end,
            window_end_day_offset=window_end_day_offset,
            window_start=window_start,
            window_start_day_offset=window_start_day_offset,
            notes=notes,
        )

        waitlist_entry.additional_properties = d
        return waitlist_entry

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
