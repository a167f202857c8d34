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
    from ..models.availability_guarantee import AvailabilityGuarantee
    from ..models.availability_slot import AvailabilitySlot


T = TypeVar("T", bound="AvailabilityShift")


@_attrs_define
class AvailabilityShift:
    """A service on the date, with the slots this party can take.

    Attributes:
        booking_closed (bool): Cutoff or last seating passed; `slots` is then `[]`.
        display_only (bool): No online booking.
        effective_cutoff_minutes (int | None): Minutes before start when online booking closes: 0 right up to start, -1
            during the service, null no rule. Once passed, no slots and a create is refused `cutoff_passed`.
        end_time (None | str): End of the service.
        guarantee (AvailabilityGuarantee | None): Null: no card asked.
        guarantee_from_party_size (int | None): Null: no party size on this service and date is asked for a card.
        guest_message (None | str): In the requested `locale`.
        id (None | str): The service's id.
        name (None | str): In the requested `locale`.
        object_ (Literal['availability_shift']):
        requires_approval (bool): A booking is a request (lands `pending`).
        section_ids (list[str]): Section groups the service can be booked whole in; absence is a promise of refusal with
            `no_table_available_in_section`, presence is a maybe.
        slots (list[AvailabilitySlot]):
        start_time (None | str): First seating time.
        unavailable_slots (list[str]): Render greyed and offer the queue.
        waitlist_open (bool): Always false while the booking widget is switched off.
    """

    booking_closed: bool
    display_only: bool
    effective_cutoff_minutes: int | None
    end_time: None | str
    guarantee: AvailabilityGuarantee | None
    guarantee_from_party_size: int | None
    guest_message: None | str
    id: None | str
    name: None | str
    object_: Literal["availability_shift"]
    requires_approval: bool
    section_ids: list[str]
    slots: list[AvailabilitySlot]
    start_time: None | str
    unavailable_slots: list[str]
    waitlist_open: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.availability_guarantee import AvailabilityGuarantee

        booking_closed = self.booking_closed

        display_only = self.display_only

        effective_cutoff_minutes: int | None
        effective_cutoff_minutes = self.effective_cutoff_minutes

        end_time: None | str
        end_time = self.end_time

        guarantee: dict[str, Any] | None
        if isinstance(self.guarantee, AvailabilityGuarantee):
            guarantee = self.guarantee.to_dict()
        else:
            guarantee = self.guarantee

        guarantee_from_party_size: int | None
        guarantee_from_party_size = self.guarantee_from_party_size

        guest_message: None | str
        guest_message = self.guest_message

        id: None | str
        id = self.id

        name: None | str
        name = self.name

        object_ = self.object_

        requires_approval = self.requires_approval

        section_ids = self.section_ids

        slots = []
        for slots_item_data in self.slots:
            slots_item = slots_item_data.to_dict()
            slots.append(slots_item)

        start_time: None | str
        start_time = self.start_time

        unavailable_slots = self.unavailable_slots

        waitlist_open = self.waitlist_open

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "booking_closed": booking_closed,
                "display_only": display_only,
                "effective_cutoff_minutes": effective_cutoff_minutes,
                "end_time": end_time,
                "guarantee": guarantee,
                "guarantee_from_party_size": guarantee_from_party_size,
                "guest_message": guest_message,
                "id": id,
                "name": name,
                "object": object_,
                "requires_approval": requires_approval,
                "section_ids": section_ids,
                "slots": slots,
                "start_time": start_time,
                "unavailable_slots": unavailable_slots,
                "waitlist_open": waitlist_open,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.availability_guarantee import AvailabilityGuarantee
        from ..models.availability_slot import AvailabilitySlot

        d = dict(src_dict)
        booking_closed = d.pop("booking_closed")

        display_only = d.pop("display_only")

        def _parse_effective_cutoff_minutes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        effective_cutoff_minutes = _parse_effective_cutoff_minutes(
            d.pop("effective_cutoff_minutes")
        )

        def _parse_end_time(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        end_time = _parse_end_time(d.pop("end_time"))

        def _parse_guarantee(data: object) -> AvailabilityGuarantee | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                guarantee_type_0 = AvailabilityGuarantee.from_dict(data)

                return guarantee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AvailabilityGuarantee | None, data)

        guarantee = _parse_guarantee(d.pop("guarantee"))

        def _parse_guarantee_from_party_size(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        guarantee_from_party_size = _parse_guarantee_from_party_size(
            d.pop("guarantee_from_party_size")
        )

        def _parse_guest_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        guest_message = _parse_guest_message(d.pop("guest_message"))

        def _parse_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        id = _parse_id(d.pop("id"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        object_ = cast(Literal["availability_shift"], d.pop("object"))
        if object_ != "availability_shift":
            raise ValueError(
                f"object must match const 'availability_shift', got '{object_}'"
            )

        requires_approval = d.pop("requires_approval")

        section_ids = cast(list[str], d.pop("section_ids"))

        slots = []
        _slots = d.pop("slots")
        for slots_item_data in _slots:
            slots_item = AvailabilitySlot.from_dict(slots_item_data)

            slots.append(slots_item)

        def _parse_start_time(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        start_time = _parse_start_time(d.pop("start_time"))

        unavailable_slots = cast(list[str], d.pop("unavailable_slots"))

        waitlist_open = d.pop("waitlist_open")

        availability_shift = cls(
            booking_closed=booking_closed,
            display_only=display_only,
            effective_cutoff_minutes=effective_cutoff_minutes,
            end_time=end_time,
            guarantee=guarantee,
            guarantee_from_party_size=guarantee_from_party_size,
            guest_message=guest_message,
            id=id,
            name=name,
            object_=object_,
            requires_approval=requires_approval,
            section_ids=section_ids,
            slots=slots,
            start_time=start_time,
            unavailable_slots=unavailable_slots,
            waitlist_open=waitlist_open,
        )

        availability_shift.additional_properties = d
        return availability_shift

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
