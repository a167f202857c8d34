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

if TYPE_CHECKING:
    from ..models.availability_closure import AvailabilityClosure
    from ..models.availability_section import AvailabilitySection


T = TypeVar("T", bound="AvailabilityDay")


@_attrs_define
class AvailabilityDay:
    """One day of a month of availability.

    Attributes:
        beyond_window (bool): Beyond the booking window.
        booking_closed (bool): Every service past its cutoff or over.
        closed (bool): A closure covers the date.
        closure (AvailabilityClosure | None): The closure when closed, else null.
        date (datetime.date): The day.
        day_message (None | str): Day-level banner.
        display_only (bool): Display-only day.
        message_only (bool): Staff note: open the day, offer no times.
        no_service (bool): No service runs (closed, not sold out).
        object_ (Literal['availability_day']):
        party_sizes (list[int]): Sizes seatable somewhere; empty with every flag false means fully booked.
        past (bool): Already gone (allowing for an overnight service still seating).
        sections (list[AvailabilitySection]): Empty when no seating choice is offered online.
        waitlist_party_sizes (list[int]): Sizes that may join the queue (always empty while the widget is off).
    """

    beyond_window: bool
    booking_closed: bool
    closed: bool
    closure: AvailabilityClosure | None
    date: datetime.date
    day_message: None | str
    display_only: bool
    message_only: bool
    no_service: bool
    object_: Literal["availability_day"]
    party_sizes: list[int]
    past: bool
    sections: list[AvailabilitySection]
    waitlist_party_sizes: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.availability_closure import AvailabilityClosure

        beyond_window = self.beyond_window

        booking_closed = self.booking_closed

        closed = self.closed

        closure: dict[str, Any] | None
        if isinstance(self.closure, AvailabilityClosure):
            closure = self.closure.to_dict()
        else:
            closure = self.closure

        date = self.date.isoformat()

        day_message: None | str
        day_message = self.day_message

        display_only = self.display_only

        message_only = self.message_only

        no_service = self.no_service

        object_ = self.object_

        party_sizes = self.party_sizes

        past = self.past

        sections = []
        for sections_item_data in self.sections:
            sections_item = sections_item_data.to_dict()
            sections.append(sections_item)

        waitlist_party_sizes = self.waitlist_party_sizes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "beyond_window": beyond_window,
                "booking_closed": booking_closed,
                "closed": closed,
                "closure": closure,
                "date": date,
                "day_message": day_message,
                "display_only": display_only,
                "message_only": message_only,
                "no_service": no_service,
                "object": object_,
                "party_sizes": party_sizes,
                "past": past,
                "sections": sections,
                "waitlist_party_sizes": waitlist_party_sizes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.availability_closure import AvailabilityClosure
        from ..models.availability_section import AvailabilitySection

        d = dict(src_dict)
        beyond_window = d.pop("beyond_window")

        booking_closed = d.pop("booking_closed")

        closed = d.pop("closed")

        def _parse_closure(data: object) -> AvailabilityClosure | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                closure_type_0 = AvailabilityClosure.from_dict(data)

                return closure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AvailabilityClosure | None, data)

        closure = _parse_closure(d.pop("closure"))

        date = datetime.date.fromisoformat(d.pop("date"))

        def _parse_day_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        day_message = _parse_day_message(d.pop("day_message"))

        display_only = d.pop("display_only")

        message_only = d.pop("message_only")

        no_service = d.pop("no_service")

        object_ = cast(Literal["availability_day"], d.pop("object"))
        if object_ != "availability_day":
            raise ValueError(
                f"object must match const 'availability_day', got '{object_}'"
            )

        party_sizes = cast(list[int], d.pop("party_sizes"))

        past = d.pop("past")

        sections = []
        _sections = d.pop("sections")
        for sections_item_data in _sections:
            sections_item = AvailabilitySection.from_dict(sections_item_data)

            sections.append(sections_item)

        waitlist_party_sizes = cast(list[int], d.pop("waitlist_party_sizes"))

        availability_day = cls(
            beyond_window=beyond_window,
            booking_closed=booking_closed,
            closed=closed,
            closure=closure,
            date=date,
            day_message=day_message,
            display_only=display_only,
            message_only=message_only,
            no_service=no_service,
            object_=object_,
            party_sizes=party_sizes,
            past=past,
            sections=sections,
            waitlist_party_sizes=waitlist_party_sizes,
        )

        availability_day.additional_properties = d
        return availability_day

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
