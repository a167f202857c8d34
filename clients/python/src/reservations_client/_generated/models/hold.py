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

from ..models.hold_kind import HoldKind
from ..models.hold_status import HoldStatus

if TYPE_CHECKING:
    from ..models.hold_metadata import HoldMetadata
    from ..models.table import Table


T = TypeVar("T", bound="Hold")


@_attrs_define
class Hold:
    """A claim on a slot that occupies a real table and counts against availability as a booking does.

    Attributes:
        created_at (datetime.datetime): ISO 8601 with the restaurant's UTC offset, second precision.
        ended_at (datetime.datetime | None): When released or lapsed; null while live and after conversion.
        ends_at (datetime.datetime | None): Null when no seating duration applies.
        excluded_from_shift_limits (bool): Carried onto the booking on conversion (converting an exempt hold needs
            `reservations:write:override`).
        expires_at (datetime.datetime | None): Authoritative deadline set by the server; null once the hold is over.
        id (str): The hold's id; its reservation keeps the suffix (`hold_X` becomes `resv_X`).
        kind (HoldKind):
        metadata (HoldMetadata): The integrator's own data: at most 50 keys of up to 40 characters; values are strings
            of at most 500 characters, numbers, booleans or null. Echoed verbatim; carried from a hold to its reservation;
            readable by every integration of the restaurant.
        object_ (Literal['hold']):
        party_size (int): Guests.
        reservation (None | str): The reservation the hold became.
        service_date (datetime.date): Restaurant timezone.
        starts_at (datetime.datetime): Start of the seating, not the deadline. ISO 8601 with the restaurant's UTC
            offset, second precision.
        status (HoldStatus):
        tables (list[Table]): Occupied tables.
        updated_at (datetime.datetime): ISO 8601 with the restaurant's UTC offset, second precision.
    """

    created_at: datetime.datetime
    ended_at: datetime.datetime | None
    ends_at: datetime.datetime | None
    excluded_from_shift_limits: bool
    expires_at: datetime.datetime | None
    id: str
    kind: HoldKind
    metadata: HoldMetadata
    object_: Literal["hold"]
    party_size: int
    reservation: None | str
    service_date: datetime.date
    starts_at: datetime.datetime
    status: HoldStatus
    tables: list[Table]
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        ends_at: None | str
        if isinstance(self.ends_at, datetime.datetime):
            ends_at = self.ends_at.isoformat()
        else:
            ends_at = self.ends_at

        excluded_from_shift_limits = self.excluded_from_shift_limits

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        id = self.id

        kind = self.kind.value

        metadata = self.metadata.to_dict()

        object_ = self.object_

        party_size = self.party_size

        reservation: None | str
        reservation = self.reservation

        service_date = self.service_date.isoformat()

        starts_at = self.starts_at.isoformat()

        status = self.status.value

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "ended_at": ended_at,
                "ends_at": ends_at,
                "excluded_from_shift_limits": excluded_from_shift_limits,
                "expires_at": expires_at,
                "id": id,
                "kind": kind,
                "metadata": metadata,
                "object": object_,
                "party_size": party_size,
                "reservation": reservation,
                "service_date": service_date,
                "starts_at": starts_at,
                "status": status,
                "tables": tables,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hold_metadata import HoldMetadata
        from ..models.table import Table

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

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

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        id = d.pop("id")

        kind = HoldKind(d.pop("kind"))

        metadata = HoldMetadata.from_dict(d.pop("metadata"))

        object_ = cast(Literal["hold"], d.pop("object"))
        if object_ != "hold":
            raise ValueError(f"object must match const 'hold', got '{object_}'")

        party_size = d.pop("party_size")

        def _parse_reservation(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reservation = _parse_reservation(d.pop("reservation"))

        service_date = datetime.date.fromisoformat(d.pop("service_date"))

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        status = HoldStatus(d.pop("status"))

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = Table.from_dict(tables_item_data)

            tables.append(tables_item)

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        hold = cls(
            created_at=created_at,
            ended_at=ended_at,
            ends_at=ends_at,
            excluded_from_shift_limits=excluded_from_shift_limits,
            expires_at=expires_at,
            id=id,
            kind=kind,
            metadata=metadata,
            object_=object_,
            party_size=party_size,
            reservation=reservation,
            service_date=service_date,
            starts_at=starts_at,
            status=status,
            tables=tables,
            updated_at=updated_at,
        )

        hold.additional_properties = d
        return hold

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
