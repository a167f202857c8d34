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

from ..models.reservation_booking_channel import ReservationBookingChannel
from ..models.reservation_source import ReservationSource
from ..models.reservation_status import ReservationStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.company import Company
    from ..models.guarantee import Guarantee
    from ..models.guest import Guest
    from ..models.reservation_event import ReservationEvent
    from ..models.reservation_metadata import ReservationMetadata
    from ..models.table import Table


T = TypeVar("T", bound="Reservation")


@_attrs_define
class Reservation:
    """A party booked onto a table for one service on one service date.

    Attributes:
        booking_channel (ReservationBookingChannel): Channel the demand arrived through (a converted hold has `api`).
        company (Company | None): Always present; null when filed under no company.
        created_at (datetime.datetime): ISO 8601 with the restaurant's UTC offset, second precision.
        ends_at (datetime.datetime | None): Null when no seating duration applies.
        excluded_from_shift_limits (bool): True: neither charged to nor refused by the shift covers caps; still holds
            its table.
        guarantee (Guarantee | None): Card guarantee; null when none; always present.
        guest (Guest | str): The `gst_` id; the full guest with `expand=guest`.
        guest_notifications (str): `partner_managed`: no discretionary guest messages are sent (a cancel too). Fixed for
            the booking's life. The list is open: tolerate other values.
        id (str): Permanent. A booking converted from a hold keeps the hold's suffix.
        metadata (ReservationMetadata): The integrator's own data: at most 50 keys of up to 40 characters; values are
            strings of at most 500 characters, numbers, booleans or null. Echoed verbatim; carried from a hold to its
            reservation; readable by every integration of the restaurant.
        object_ (Literal['reservation']):
        party_size (int): Guests.
        service_date (datetime.date): Restaurant timezone; a seating after midnight keeps the date its service began on.
        source (ReservationSource): Mechanism that created it.
        starts_at (datetime.datetime): When the party is due. ISO 8601 with the restaurant's UTC offset, second
            precision.
        status (ReservationStatus): `held` and `awaiting_guest` are never served. A late party keeps its stored status.
        tables (list[Table]): `[]` while no table is assigned.
        updated_at (datetime.datetime): What `updated_since` compares against. ISO 8601 with the restaurant's UTC
            offset, second precision.
        contact_email (None | str | Unset): Null means the guest profile's address is used. Guest data: present only
            when the key carries `guests:read`, absent (never null) otherwise.
        contact_phone (None | str | Unset): Null means the guest profile's number is used. Guest data: present only when
            the key carries `guests:read`, absent (never null) otherwise.
        events (list[ReservationEvent] | Unset): Only with `expand=events`: the lifecycle events, oldest first.
        guest_notes (None | str | Unset): The guest's own request. Guest data: present only when the key carries
            `guests:read`, absent (never null) otherwise.
        internal_notes (None | str | Unset): The restaurant's private note, never shown to the guest. Guest data:
            present only when the key carries `guests:read`, absent (never null) otherwise.
        modification_token (str | Unset): Only with `expand=modification_token` (needs `guests:read`):
            `{booking_page_url}/{modification_token}` opens the guest's own booking page, as the guest.
    """

    booking_channel: ReservationBookingChannel
    company: Company | None
    created_at: datetime.datetime
    ends_at: datetime.datetime | None
    excluded_from_shift_limits: bool
    guarantee: Guarantee | None
    guest: Guest | str
    guest_notifications: str
    id: str
    metadata: ReservationMetadata
    object_: Literal["reservation"]
    party_size: int
    service_date: datetime.date
    source: ReservationSource
    starts_at: datetime.datetime
    status: ReservationStatus
    tables: list[Table]
    updated_at: datetime.datetime
    contact_email: None | str | Unset = UNSET
    contact_phone: None | str | Unset = UNSET
    events: list[ReservationEvent] | Unset = UNSET
    guest_notes: None | str | Unset = UNSET
    internal_notes: None | str | Unset = UNSET
    modification_token: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.company import Company
        from ..models.guarantee import Guarantee
        from ..models.guest import Guest

        booking_channel = self.booking_channel.value

        company: dict[str, Any] | None
        if isinstance(self.company, Company):
            company = self.company.to_dict()
        else:
            company = self.company

        created_at = self.created_at.isoformat()

        ends_at: None | str
        if isinstance(self.ends_at, datetime.datetime):
            ends_at = self.ends_at.isoformat()
        else:
            ends_at = self.ends_at

        excluded_from_shift_limits = self.excluded_from_shift_limits

        guarantee: dict[str, Any] | None
        if isinstance(self.guarantee, Guarantee):
            guarantee = self.guarantee.to_dict()
        else:
            guarantee = self.guarantee

        guest: dict[str, Any] | str
        if isinstance(self.guest, Guest):
            guest = self.guest.to_dict()
        else:
            guest = self.guest

        guest_notifications = self.guest_notifications

        id = self.id

        metadata = self.metadata.to_dict()

        object_ = self.object_

        party_size = self.party_size

        service_date = self.service_date.isoformat()

        source = self.source.value

        starts_at = self.starts_at.isoformat()

        status = self.status.value

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        updated_at = self.updated_at.isoformat()

        contact_email: None | str | Unset
        if isinstance(self.contact_email, Unset):
            contact_email = UNSET
        else:
            contact_email = self.contact_email

        contact_phone: None | str | Unset
        if isinstance(self.contact_phone, Unset):
            contact_phone = UNSET
        else:
            contact_phone = self.contact_phone

        events: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.to_dict()
                events.append(events_item)

        guest_notes: None | str | Unset
        if isinstance(self.guest_notes, Unset):
            guest_notes = UNSET
        else:
            guest_notes = self.guest_notes

        internal_notes: None | str | Unset
        if isinstance(self.internal_notes, Unset):
            internal_notes = UNSET
        else:
            internal_notes = self.internal_notes

        modification_token = self.modification_token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "booking_channel": booking_channel,
                "company": company,
                "created_at": created_at,
                "ends_at": ends_at,
                "excluded_from_shift_limits": excluded_from_shift_limits,
                "guarantee": guarantee,
                "guest": guest,
                "guest_notifications": guest_notifications,
                "id": id,
                "metadata": metadata,
                "object": object_,
                "party_size": party_size,
                "service_date": service_date,
                "source": source,
                "starts_at": starts_at,
                "status": status,
                "tables": tables,
                "updated_at": updated_at,
            }
        )
        if contact_email is not UNSET:
            field_dict["contact_email"] = contact_email
        if contact_phone is not UNSET:
            field_dict["contact_phone"] = contact_phone
        if events is not UNSET:
            field_dict["events"] = events
        if guest_notes is not UNSET:
            field_dict["guest_notes"] = guest_notes
        if internal_notes is not UNSET:
            field_dict["internal_notes"] = internal_notes
        if modification_token is not UNSET:
            field_dict["modification_token"] = modification_token

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.company import Company
        from ..models.guarantee import Guarantee
        from ..models.guest import Guest
        from ..models.reservation_event import ReservationEvent
        from ..models.reservation_metadata import ReservationMetadata
        from ..models.table import Table

        d = dict(src_dict)
        booking_channel = ReservationBookingChannel(d.pop("booking_channel"))

        def _parse_company(data: object) -> Company | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                company_type_0 = Company.from_dict(data)

                return company_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Company | None, data)

        company = _parse_company(d.pop("company"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_ends_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ends_at_type_0 = datetime.datetime.fromisoformat(data)

                return ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ends_at = _parse_ends_at(d.pop("ends_at"))

        excluded_from_shift_limits = d.pop("excluded_from_shift_limits")

        def _parse_guarantee(data: object) -> Guarantee | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                guarantee_type_0 = Guarantee.from_dict(data)

                return guarantee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Guarantee | None, data)

        guarantee = _parse_guarantee(d.pop("guarantee"))

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

        guest_notifications = d.pop("guest_notifications")

        id = d.pop("id")

        metadata = ReservationMetadata.from_dict(d.pop("metadata"))

        object_ = cast(Literal["reservation"], d.pop("object"))
        if object_ != "reservation":
            raise ValueError(f"object must match const 'reservation', got '{object_}'")

        party_size = d.pop("party_size")

        service_date = datetime.date.fromisoformat(d.pop("service_date"))

        source = ReservationSource(d.pop("source"))

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        status = ReservationStatus(d.pop("status"))

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = Table.from_dict(tables_item_data)

            tables.append(tables_item)

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_contact_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contact_email = _parse_contact_email(d.pop("contact_email", UNSET))

        def _parse_contact_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contact_phone = _parse_contact_phone(d.pop("contact_phone", UNSET))

        _events = d.pop("events", UNSET)
        events: list[ReservationEvent] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = ReservationEvent.from_dict(events_item_data)

                events.append(events_item)

        def _parse_guest_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        guest_notes = _parse_guest_notes(d.pop("guest_notes", UNSET))

        def _parse_internal_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        internal_notes = _parse_internal_notes(d.pop("internal_notes", UNSET))

        modification_token = d.pop("modification_token", UNSET)

        reservation = cls(
            booking_channel=booking_channel,
            company=company,
            created_at=created_at,
            ends_at=ends_at,
            excluded_from_shift_limits=excluded_from_shift_limits,
            guarantee=guarantee,
            guest=guest,
            guest_notifications=guest_notifications,
            id=id,
            metadata=metadata,
            object_=object_,
            party_size=party_size,
            service_date=service_date,
            source=source,
            starts_at=starts_at,
            status=status,
            tables=tables,
            updated_at=updated_at,
            contact_email=contact_email,
            contact_phone=contact_phone,
            events=events,
            guest_notes=guest_notes,
            internal_notes=internal_notes,
            modification_token=modification_token,
        )

        reservation.additional_properties = d
        return reservation

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
