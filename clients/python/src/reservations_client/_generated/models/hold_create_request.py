from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.hold_create_request_kind import HoldCreateRequestKind
from ..models.hold_create_request_override_item import HoldCreateRequestOverrideItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hold_create_request_metadata import HoldCreateRequestMetadata


T = TypeVar("T", bound="HoldCreateRequest")


@_attrs_define
class HoldCreateRequest:
    """Take a slot off sale.

    Attributes:
        party_size (int): Guests.
        service_date (datetime.date): Restaurant timezone.
        start_time (str): A slot time offered by availability for that date.
        excluded_from_shift_limits (bool | Unset): True: not charged to nor refused by the shift covers caps (needs
            `reservations:write:override`, refused with `param: excluded_from_shift_limits`); false needs nothing.
        expires_at (datetime.datetime | None | Unset): Requested deadline; clamped, never refused (basket 5 to 30
            minutes, default 10; commitment at most 48 hours). Not part of what the Idempotency-Key identifies.
        kind (HoldCreateRequestKind | Unset): Default `basket`.
        metadata (HoldCreateRequestMetadata | None | Unset): The integrator's own data: at most 50 keys of 1 to 40
            characters; values are strings of at most 500 characters, numbers, booleans or null (no nested objects or
            arrays). Echoed verbatim.
        override (list[HoldCreateRequestOverrideItem] | None | Unset): Rule codes to waive; non-empty needs
            `reservations:write:override` (403 `insufficient_scope`, `param: override`). A code that cannot be waived is 400
            with `param: override`.
        section_id (None | str | Unset): Hold in one area (its whole group).
    """

    party_size: int
    service_date: datetime.date
    start_time: str
    excluded_from_shift_limits: bool | Unset = UNSET
    expires_at: datetime.datetime | None | Unset = UNSET
    kind: HoldCreateRequestKind | Unset = UNSET
    metadata: HoldCreateRequestMetadata | None | Unset = UNSET
    override: list[HoldCreateRequestOverrideItem] | None | Unset = UNSET
    section_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.hold_create_request_metadata import HoldCreateRequestMetadata

        party_size = self.party_size

        service_date = self.service_date.isoformat()

        start_time = self.start_time

        excluded_from_shift_limits = self.excluded_from_shift_limits

        expires_at: None | str | Unset
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        elif isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, HoldCreateRequestMetadata):
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

        section_id: None | str | Unset
        if isinstance(self.section_id, Unset):
            section_id = UNSET
        else:
            section_id = self.section_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "party_size": party_size,
                "service_date": service_date,
                "start_time": start_time,
            }
        )
        if excluded_from_shift_limits is not UNSET:
            field_dict["excluded_from_shift_limits"] = excluded_from_shift_limits
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at
        if kind is not UNSET:
            field_dict["kind"] = kind
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if override is not UNSET:
            field_dict["override"] = override
        if section_id is not UNSET:
            field_dict["section_id"] = section_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hold_create_request_metadata import HoldCreateRequestMetadata

        d = dict(src_dict)
        party_size = d.pop("party_size")

        service_date = datetime.date.fromisoformat(d.pop("service_date"))

        start_time = d.pop("start_time")

        excluded_from_shift_limits = d.pop("excluded_from_shift_limits", UNSET)

        def _parse_expires_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        expires_at = _parse_expires_at(d.pop("expires_at", UNSET))

        _kind = d.pop("kind", UNSET)
        kind: HoldCreateRequestKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = HoldCreateRequestKind(_kind)

        def _parse_metadata(data: object) -> HoldCreateRequestMetadata | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_metadata = HoldCreateRequestMetadata.from_dict(data)

                return metadata_metadata
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HoldCreateRequestMetadata | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))

        def _parse_override(
            data: object,
        ) -> list[HoldCreateRequestOverrideItem] | None | Unset:
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
                    override_type_0_item = HoldCreateRequestOverrideItem(
                        override_type_0_item_data
                    )

                    override_type_0.append(override_type_0_item)

                return override_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[HoldCreateRequestOverrideItem] | None | Unset, data)

        override = _parse_override(d.pop("override", UNSET))

        def _parse_section_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        section_id = _parse_section_id(d.pop("section_id", UNSET))

        hold_create_request = cls(
            party_size=party_size,
            service_date=service_date,
            start_time=start_time,
            excluded_from_shift_limits=excluded_from_shift_limits,
            expires_at=expires_at,
            kind=kind,
            metadata=metadata,
            override=override,
            section_id=section_id,
        )

        return hold_create_request
