from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.reservation_modify_request_override_item import (
    ReservationModifyRequestOverrideItem,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.reservation_guarantee_request import ReservationGuaranteeRequest


T = TypeVar("T", bound="ReservationModifyRequest")


@_attrs_define
class ReservationModifyRequest:
    """A partial change: a field not sent is unchanged, a field sent as null is cleared.

    Attributes:
        company_id (None | str | Unset): Null files under no company.
        excluded_from_shift_limits (bool | Unset): True: not charged to nor refused by the shift covers caps (needs
            `reservations:write:override`, refused with `param: excluded_from_shift_limits`); false needs nothing.
        guarantee_request (None | ReservationGuaranteeRequest | Unset):
        guest_notes (None | str | Unset):
        internal_notes (None | str | Unset): The restaurant's note; written even without `guests:read`.
        override (list[ReservationModifyRequestOverrideItem] | None | Unset): Rule codes to waive; non-empty needs
            `reservations:write:override` (403 `insufficient_scope`, `param: override`). A code that cannot be waived is 400
            with `param: override`.
        party_size (int | Unset): Guests; the booking does not block itself.
        section_id (None | str | Unset): Preferred area; null clears it.
        service_date (datetime.date | Unset): New date.
        start_time (str | Unset): A time availability offered.
    """

    company_id: None | str | Unset = UNSET
    excluded_from_shift_limits: bool | Unset = UNSET
    guarantee_request: None | ReservationGuaranteeRequest | Unset = UNSET
    guest_notes: None | str | Unset = UNSET
    internal_notes: None | str | Unset = UNSET
    override: list[ReservationModifyRequestOverrideItem] | None | Unset = UNSET
    party_size: int | Unset = UNSET
    section_id: None | str | Unset = UNSET
    service_date: datetime.date | Unset = UNSET
    start_time: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.reservation_guarantee_request import ReservationGuaranteeRequest

        company_id: None | str | Unset
        if isinstance(self.company_id, Unset):
            company_id = UNSET
        else:
            company_id = self.company_id

        excluded_from_shift_limits = self.excluded_from_shift_limits

        guarantee_request: dict[str, Any] | None | Unset
        if isinstance(self.guarantee_request, Unset):
            guarantee_request = UNSET
        elif isinstance(self.guarantee_request, ReservationGuaranteeRequest):
            guarantee_request = self.guarantee_request.to_dict()
        else:
            guarantee_request = self.guarantee_request

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

        party_size = self.party_size

        section_id: None | str | Unset
        if isinstance(self.section_id, Unset):
            section_id = UNSET
        else:
            section_id = self.section_id

        service_date: str | Unset = UNSET
        if not isinstance(self.service_date, Unset):
            service_date = self.service_date.isoformat()

        start_time = self.start_time

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if company_id is not UNSET:
            field_dict["company_id"] = company_id
        if excluded_from_shift_limits is not UNSET:
            field_dict["excluded_from_shift_limits"] = excluded_from_shift_limits
        if guarantee_request is not UNSET:
            field_dict["guarantee_request"] = guarantee_request
        if guest_notes is not UNSET:
            field_dict["guest_notes"] = guest_notes
        if internal_notes is not UNSET:
            field_dict["internal_notes"] = internal_notes
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
        from ..models.reservation_guarantee_request import ReservationGuaranteeRequest

        d = dict(src_dict)

        def _parse_company_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_id = _parse_company_id(d.pop("company_id", UNSET))

        excluded_from_shift_limits = d.pop("excluded_from_shift_limits", UNSET)

        def _parse_guarantee_request(
            data: object,
        ) -> None | ReservationGuaranteeRequest | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                guarantee_request_type_0 = ReservationGuaranteeRequest.from_dict(data)

                return guarantee_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReservationGuaranteeRequest | Unset, data)

        guarantee_request = _parse_guarantee_request(d.pop("guarantee_request", UNSET))

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

        def _parse_override(
            data: object,
        ) -> list[ReservationModifyRequestOverrideItem] | None | Unset:
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
                    override_type_0_item = ReservationModifyRequestOverrideItem(
                        override_type_0_item_data
                    )

                    override_type_0.append(override_type_0_item)

                return override_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ReservationModifyRequestOverrideItem] | None | Unset, data)

        override = _parse_override(d.pop("override", UNSET))

        party_size = d.pop("party_size", UNSET)

        def _parse_section_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        section_id = _parse_section_id(d.pop("section_id", UNSET))

        _service_date = d.pop("service_date", UNSET)
        service_date: datetime.date | Unset
        if isinstance(_service_date, Unset):
            service_date = UNSET
        else:
            service_date = datetime.date.fromisoformat(_service_date)

        start_time = d.pop("start_time", UNSET)

        reservation_modify_request = cls(
            company_id=company_id,
            excluded_from_shift_limits=excluded_from_shift_limits,
            guarantee_request=guarantee_request,
            guest_notes=guest_notes,
            internal_notes=internal_notes,
            override=override,
            party_size=party_size,
            section_id=section_id,
            service_date=service_date,
            start_time=start_time,
        )

        return reservation_modify_request
