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
    from ..models.availability_shift import AvailabilityShift


T = TypeVar("T", bound="Availability")


@_attrs_define
class Availability:
    """Availability of one service date for one party size.

    Attributes:
        closure (AvailabilityClosure | None): When set, `shifts` is empty.
        day_message (None | str): Day-level banner.
        display_only (bool): Nothing bookable; only a display-only message remains.
        message_only (bool): No service runs but `day_message` has the reason.
        object_ (Literal['availability']):
        party_size (int): As asked.
        section_id (None | str): The section filter applied (standing for its group), or null.
        service_date (datetime.date): As asked.
        shifts (list[AvailabilityShift]): `[]` on a closed day.
    """

    closure: AvailabilityClosure | None
    day_message: None | str
    display_only: bool
    message_only: bool
    object_: Literal["availability"]
    party_size: int
    section_id: None | str
    service_date: datetime.date
    shifts: list[AvailabilityShift]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.availability_closure import AvailabilityClosure

        closure: dict[str, Any] | None
        if isinstance(self.closure, AvailabilityClosure):
            closure = self.closure.to_dict()
        else:
            closure = self.closure

        day_message: None | str
        day_message = self.day_message

        display_only = self.display_only

        message_only = self.message_only

        object_ = self.object_

        party_size = self.party_size

        section_id: None | str
        section_id = self.section_id

        service_date = self.service_date.isoformat()

        shifts = []
        for shifts_item_data in self.shifts:
            shifts_item = shifts_item_data.to_dict()
            shifts.append(shifts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "closure": closure,
                "day_message": day_message,
                "display_only": display_only,
                "message_only": message_only,
                "object": object_,
                "party_size": party_size,
                "section_id": section_id,
                "service_date": service_date,
                "shifts": shifts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.availability_closure import AvailabilityClosure
        from ..models.availability_shift import AvailabilityShift

        d = dict(src_dict)

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

        def _parse_day_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        day_message = _parse_day_message(d.pop("day_message"))

        display_only = d.pop("display_only")

        message_only = d.pop("message_only")

        object_ = cast(Literal["availability"], d.pop("object"))
        if object_ != "availability":
            raise ValueError(f"object must match const 'availability', got '{object_}'")

        party_size = d.pop("party_size")

        def _parse_section_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        section_id = _parse_section_id(d.pop("section_id"))

        service_date = datetime.date.fromisoformat(d.pop("service_date"))

        shifts = []
        _shifts = d.pop("shifts")
        for shifts_item_data in _shifts:
            shifts_item = AvailabilityShift.from_dict(shifts_item_data)

            shifts.append(shifts_item)

        availability = cls(
            closure=closure,
            day_message=day_message,
            display_only=display_only,
            message_only=message_only,
            object_=object_,
            party_size=party_size,
            section_id=section_id,
            service_date=service_date,
            shifts=shifts,
        )

        availability.additional_properties = d
        return availability

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
