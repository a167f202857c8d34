from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.reservation_create_request_guest_notifications import (
    ReservationCreateRequestGuestNotifications,
)
from ..models.reservation_create_request_override_item import (
    ReservationCreateRequestOverrideItem,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.guest_input_request import GuestInputRequest
    from ..models.reservation_create_request_metadata import (
        ReservationCreateRequestMetadata,
    )


T = TypeVar("T", bound="ReservationCreateRequest")


@_attrs_define
class ReservationCreateRequest:
    """A booking: the slot (or `hold_id`) and the guest (or `guest_id`).

    Attributes:
        company_id (None | str | Unset): File under this company; unknown is 404 naming it.
        entire_section_id (None | str | Unset): Books every table of the section group; needs
            `reservations:write:override` (checked before the section is looked up); sets `excluded_from_shift_limits` by
            default.
        excluded_from_shift_limits (bool | None | Unset): True: not charged to nor refused by the shift covers caps
            (needs `reservations:write:override`, refused with `param: excluded_from_shift_limits`); false needs nothing.
        guest (GuestInputRequest | None | Unset):
        guest_id (None | str | Unset): An existing profile instead of `guest`; `required_guest_fields` then does not
            apply.
        guest_notes (None | str | Unset):
        guest_notifications (None | ReservationCreateRequestGuestNotifications | Unset): Default `service_managed`.
        hold_id (None | str | Unset): Converts this hold; the reservation keeps its suffix.
        internal_notes (None | str | Unset):
        metadata (None | ReservationCreateRequestMetadata | Unset): The integrator's own data: at most 50 keys of 1 to
            40 characters; values are strings of at most 500 characters, numbers, booleans or null (no nested objects or
            arrays). Echoed verbatim.
        override (list[ReservationCreateRequestOverrideItem] | None | Unset): Rule codes to waive; non-empty needs
            `reservations:write:override` (403 `insufficient_scope`, `param: override`). A code that cannot be waived is 400
            with `param: override`.
        party_size (int | None | Unset): Guests.
        section_id (None | str | Unset): Book in one area (its whole group).
        service_date (datetime.date | None | Unset): Required unless `hold_id` is sent (then it must match the hold).
        start_time (None | str | Unset): A time availability offered.
    """

    company_id: None | str | Unset = UNSET
    entire_section_id: None | str | Unset = UNSET
    excluded_from_shift_limits: bool | None | Unset = UNSET
    guest: GuestInputRequest | None | Unset = UNSET
    guest_id: None | str | Unset = UNSET
    guest_notes: None | str | Unset = UNSET
    guest_notifications: None | ReservationCreateRequestGuestNotifications | Unset = (
        UNSET
    )
    hold_id: None | str | Unset = UNSET
    internal_notes: None | str | Unset = UNSET
    metadata: None | ReservationCreateRequestMetadata | Unset = UNSET
    override: list[ReservationCreateRequestOverrideItem] | None | Unset = UNSET
    party_size: int | None | Unset = UNSET
    section_id: None | str | Unset = UNSET
    service_date: datetime.date | None | Unset = UNSET
    start_time: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.guest_input_request import GuestInputRequest
        from ..models.reservation_create_request_metadata import (
            ReservationCreateRequestMetadata,
        )

        company_id: None | str | Unset
        if isinstance(self.company_id, Unset):
            company_id = UNSET
        else:
            company_id = self.company_id

        entire_section_id: None | str | Unset
        if isinstance(self.entire_section_id, Unset):
            entire_section_id = UNSET
        else:
            entire_section_id = self.entire_section_id

        excluded_from_shift_limits: bool | None | Unset
        if isinstance(self.excluded_from_shift_limits, Unset):
            excluded_from_shift_limits = UNSET
        else:
            excluded_from_shift_limits = self.excluded_from_shift_limits

        guest: dict[str, Any] | None | Unset
        if isinstance(self.guest, Unset):
            guest = UNSET
        elif isinstance(self.guest, GuestInputRequest):
            guest = self.guest.to_dict()
        else:
            guest = self.guest

        guest_id: None | str | Unset
        if isinstance(self.guest_id, Unset):
            guest_id = UNSET
        else:
            guest_id = self.guest_id

        guest_notes: None | str | Unset
        if isinstance(self.guest_notes, Unset):
            guest_notes = UNSET
        else:
            guest_notes = self.guest_notes

        guest_notifications: None | str | Unset
        if isinstance(self.guest_notifications, Unset):
            guest_notifications = UNSET
        elif isinstance(
            self.guest_notifications, ReservationCreateRequestGuestNotifications
        ):
            guest_notifications = self.guest_notifications.value
        else:
            guest_notifications = self.guest_notifications

        hold_id: None | str | Unset
        if isinstance(self.hold_id, Unset):
            hold_id = UNSET
        else:
            hold_id = self.hold_id

        internal_notes: None | str | Unset
        if isinstance(self.internal_notes, Unset):
            internal_notes = UNSET
        else:
            internal_notes = self.internal_notes

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, ReservationCreateRequestMetadata):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        override: list[str] | None | Unset
        if isinstance(self.override, Unset):
            override = UNSET
        elif isinstance(self.override, list):
            override = []
            for override_type_0_item_data in self.override:
                override_type_0_item = override_type_0_item_data.value
                override.append(override_type_0_item)

        else:
            override = self.override

        party_size: int | None | Unset
        if isinstance(self.party_size, Unset):
            party_size = UNSET
        else:
            party_size = self.party_size

        section_id: None | str | Unset
        if isinstance(self.section_id, Unset):
            section_id = UNSET
        else:
            section_id = self.section_id

        service_date: None | str | Unset
        if isinstance(self.service_date, Unset):
            service_date = UNSET
        elif isinstance(self.service_date, datetime.date):
            service_date = self.service_date.isoformat()
        else:
            service_date = self.service_date

        start_time: None | str | Unset
        if isinstance(self.start_time, Unset):
            start_time = UNSET
        else:
            start_time = self.start_time

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if company_id is not UNSET:
            field_dict["company_id"] = company_id
        if entire_section_id is not UNSET:
            field_dict["entire_section_id"] = entire_section_id
        if excluded_from_shift_limits is not UNSET:
            field_dict["excluded_from_shift_limits"] = excluded_from_shift_limits
        if guest is not UNSET:
            field_dict["guest"] = guest
        if guest_id is not UNSET:
            field_dict["guest_id"] = guest_id
        if guest_notes is not UNSET:
            field_dict["guest_notes"] = guest_notes
        if guest_notifications is not UNSET:
            field_dict["guest_notifications"] = guest_notifications
        if hold_id is not UNSET:
            field_dict["hold_id"] = hold_id
        if internal_notes is not UNSET:
            field_dict["internal_notes"] = internal_notes
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if override is not UNSET:
            field_dict["override"] = override
        if party_size is not UNSET:
            field_dict["party_size"] = party_size
        if section_id is not UNSET:
            field_dict["section_id"] = section_id
        if service_date is not UNSET:
            field_dict["service_date"] = service_date
        if start_time is not UNSET:
            field_dict["start_time"] = start_time

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.guest_input_request import GuestInputRequest
        from ..models.reservation_create_request_metadata import (
            ReservationCreateRequestMetadata,
        )

        d = dict(src_dict)

        def _parse_company_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_id = _parse_company_id(d.pop("company_id", UNSET))

        def _parse_entire_section_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        entire_section_id = _parse_entire_section_id(d.pop("entire_section_id", UNSET))

        def _parse_excluded_from_shift_limits(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        excluded_from_shift_limits = _parse_excluded_from_shift_limits(
            d.pop("excluded_from_shift_limits", UNSET)
        )

        def _parse_guest(data: object) -> GuestInputRequest | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                guest_type_0 = GuestInputRequest.from_dict(data)

                return guest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GuestInputRequest | None | Unset, data)

        guest = _parse_guest(d.pop("guest", UNSET))

        def _parse_guest_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        guest_id = _parse_guest_id(d.pop("guest_id", UNSET))

        def _parse_guest_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        guest_notes = _parse_guest_notes(d.pop("guest_notes", UNSET))

        def _parse_guest_notifications(
            data: object,
        ) -> None | ReservationCreateRequestGuestNotifications | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                guest_notifications_guest_notifications = (
                    ReservationCreateRequestGuestNotifications(data)
                )

                return guest_notifications_guest_notifications
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReservationCreateRequestGuestNotifications | Unset, data)

        guest_notifications = _parse_guest_notifications(
            d.pop("guest_notifications", UNSET)
        )

        def _parse_hold_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        hold_id = _parse_hold_id(d.pop("hold_id", UNSET))

        def _parse_internal_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        internal_notes = _parse_internal_notes(d.pop("internal_notes", UNSET))

        def _parse_metadata(
            data: object,
        ) -> None | ReservationCreateRequestMetadata | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_metadata = ReservationCreateRequestMetadata.from_dict(data)

                return metadata_metadata
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReservationCreateRequestMetadata | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))

        def _parse_override(
            data: object,
        ) -> list[ReservationCreateRequestOverrideItem] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                override_type_0 = []
                _override_type_0 = data
                for override_type_0_item_data in _override_type_0:
                    override_type_0_item = ReservationCreateRequestOverrideItem(
                        override_type_0_item_data
                    )

                    override_type_0.append(override_type_0_item)

                return override_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ReservationCreateRequestOverrideItem] | None | Unset, data)

        override = _parse_override(d.pop("override", UNSET))

        def _parse_party_size(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        party_size = _parse_party_size(d.pop("party_size", UNSET))

        def _parse_section_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        section_id = _parse_section_id(d.pop("section_id", UNSET))

        def _parse_service_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                service_date_type_0 = datetime.date.fromisoformat(data)

                return service_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        service_date = _parse_service_date(d.pop("service_date", UNSET))

        def _parse_start_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        start_time = _parse_start_time(d.pop("start_time", UNSET))

        reservation_create_request = cls(
            company_id=company_id,
            entire_section_id=entire_section_id,
            excluded_from_shift_limits=excluded_from_shift_limits,
            guest=guest,
            guest_id=guest_id,
            guest_notes=guest_notes,
            guest_notifications=guest_notifications,
            hold_id=hold_id,
            internal_notes=internal_notes,
            metadata=metadata,
            override=override,
            party_size=party_size,
            section_id=section_id,
            service_date=service_date,
            start_time=start_time,
        )

        return reservation_create_request
