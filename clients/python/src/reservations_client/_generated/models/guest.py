from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.guest_language import GuestLanguage
from ..models.guest_source import GuestSource

T = TypeVar("T", bound="Guest")


@_attrs_define
class Guest:
    """A guest profile of the restaurant's guest book (needs `guests:read` wherever it appears).

    Attributes:
        allergies (list[str]): `[]` when none.
        anniversary (datetime.date | None): The guest's anniversary.
        birthday (datetime.date | None): The guest's birthday.
        blacklist_reason (None | str): Why the guest is blacklisted.
        blacklisted (bool): A flag only; does not by itself refuse a booking.
        cancellation_count (int): Only cancelled bookings whose time has passed.
        created_at (datetime.datetime): ISO 8601 with the restaurant's UTC offset, second precision.
        dietary_preferences (list[str]): `[]` when none.
        email (None | str): Primary address, trimmed and lower-cased.
        first_name (None | str): A profile has a first or last name or both.
        first_visit_at (datetime.datetime | None): First visit.
        id (str): The id of a merged-away profile resolves to the survivor, under its own id.
        language (GuestLanguage | None): ISO 639-1.
        last_name (None | str): Always present as a key.
        last_visit_at (datetime.datetime | None): Last visit.
        marketing_email_consent (bool): Consent to marketing e-mail.
        marketing_email_consent_at (datetime.datetime | None): When the consent last became true.
        marketing_sms_consent (bool): Consent to marketing SMS.
        marketing_sms_consent_at (datetime.datetime | None): When the consent last became true.
        no_show_count (int): Recomputed like `visit_count`.
        notes (None | str): The restaurant's own notes on the profile, not the guest's.
        object_ (Literal['guest']):
        phone (None | str): E.164 when parsable for the restaurant's country, else as entered without separators.
        source (GuestSource):
        updated_at (datetime.datetime): ISO 8601 with the restaurant's UTC offset, second precision.
        vip (bool): Whether the guest is a VIP.
        visit_count (int): Bookings ended `seated`, `partially_seated` or `completed`; recomputed hourly.
    """

    allergies: list[str]
    anniversary: datetime.date | None
    birthday: datetime.date | None
    blacklist_reason: None | str
    blacklisted: bool
    cancellation_count: int
    created_at: datetime.datetime
    dietary_preferences: list[str]
    email: None | str
    first_name: None | str
    first_visit_at: datetime.datetime | None
    id: str
    language: GuestLanguage | None
    last_name: None | str
    last_visit_at: datetime.datetime | None
    marketing_email_consent: bool
    marketing_email_consent_at: datetime.datetime | None
    marketing_sms_consent: bool
    marketing_sms_consent_at: datetime.datetime | None
    no_show_count: int
    notes: None | str
    object_: Literal["guest"]
    phone: None | str
    source: GuestSource
    updated_at: datetime.datetime
    vip: bool
    visit_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allergies = self.allergies

        anniversary: None | str
        if isinstance(self.anniversary, datetime.date):
            anniversary = self.anniversary.isoformat()
        else:
            anniversary = self.anniversary

        birthday: None | str
        if isinstance(self.birthday, datetime.date):
            birthday = self.birthday.isoformat()
        else:
            birthday = self.birthday

        blacklist_reason: None | str
        blacklist_reason = self.blacklist_reason

        blacklisted = self.blacklisted

        cancellation_count = self.cancellation_count

        created_at = self.created_at.isoformat()

        dietary_preferences = self.dietary_preferences

        email: None | str
        email = self.email

        first_name: None | str
        first_name = self.first_name

        first_visit_at: None | str
        if isinstance(self.first_visit_at, datetime.datetime):
            first_visit_at = self.first_visit_at.isoformat()
        else:
            first_visit_at = self.first_visit_at

        id = self.id

        language: None | str
        if isinstance(self.language, GuestLanguage):
            language = self.language.value
        else:
            language = self.language

        last_name: None | str
        last_name = self.last_name

        last_visit_at: None | str
        if isinstance(self.last_visit_at, datetime.datetime):
            last_visit_at = self.last_visit_at.isoformat()
        else:
            last_visit_at = self.last_visit_at

        marketing_email_consent = self.marketing_email_consent

        marketing_email_consent_at: None | str
        if isinstance(self.marketing_email_consent_at, datetime.datetime):
            marketing_email_consent_at = self.marketing_email_consent_at.isoformat()
        else:
            marketing_email_consent_at = self.marketing_email_consent_at

        marketing_sms_consent = self.marketing_sms_consent

        marketing_sms_consent_at: None | str
        if isinstance(self.marketing_sms_consent_at, datetime.datetime):
            marketing_sms_consent_at = self.marketing_sms_consent_at.isoformat()
        else:
            marketing_sms_consent_at = self.marketing_sms_consent_at

        no_show_count = self.no_show_count

        notes: None | str
        notes = self.notes

        object_ = self.object_

        phone: None | str
        phone = self.phone

        source = self.source.value

        updated_at = self.updated_at.isoformat()

        vip = self.vip

        visit_count = self.visit_count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allergies": allergies,
                "anniversary": anniversary,
                "birthday": birthday,
                "blacklist_reason": blacklist_reason,
                "blacklisted": blacklisted,
                "cancellation_count": cancellation_count,
                "created_at": created_at,
                "dietary_preferences": dietary_preferences,
                "email": email,
                "first_name": first_name,
                "first_visit_at": first_visit_at,
                "id": id,
                "language": language,
                "last_name": last_name,
                "last_visit_at": last_visit_at,
                "marketing_email_consent": marketing_email_consent,
                "marketing_email_consent_at": marketing_email_consent_at,
                "marketing_sms_consent": marketing_sms_consent,
                "marketing_sms_consent_at": marketing_sms_consent_at,
                "no_show_count": no_show_count,
                "notes": notes,
                "object": object_,
                "phone": phone,
                "source": source,
                "updated_at": updated_at,
                "vip": vip,
                "visit_count": visit_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        allergies = cast(list[str], d.pop("allergies"))

        def _parse_anniversary(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                anniversary_type_0 = datetime.date.fromisoformat(data)

                return anniversary_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        anniversary = _parse_anniversary(d.pop("anniversary"))

        def _parse_birthday(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                birthday_type_0 = datetime.date.fromisoformat(data)

                return birthday_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        birthday = _parse_birthday(d.pop("birthday"))

        def _parse_blacklist_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        blacklist_reason = _parse_blacklist_reason(d.pop("blacklist_reason"))

        blacklisted = d.pop("blacklisted")

        cancellation_count = d.pop("cancellation_count")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        dietary_preferences = cast(list[str], d.pop("dietary_preferences"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_first_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        first_name = _parse_first_name(d.pop("first_name"))

        def _parse_first_visit_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_visit_at_type_0 = datetime.datetime.fromisoformat(data)

                return first_visit_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        first_visit_at = _parse_first_visit_at(d.pop("first_visit_at"))

        id = d.pop("id")

        def _parse_language(data: object) -> GuestLanguage | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                language_language = GuestLanguage(data)

                return language_language
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GuestLanguage | None, data)

        language = _parse_language(d.pop("language"))

        def _parse_last_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_name = _parse_last_name(d.pop("last_name"))

        def _parse_last_visit_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_visit_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_visit_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_visit_at = _parse_last_visit_at(d.pop("last_visit_at"))

        marketing_email_consent = d.pop("marketing_email_consent")

        def _parse_marketing_email_consent_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                marketing_email_consent_at_type_0 = datetime.datetime.fromisoformat(
                    data
                )

                return marketing_email_consent_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        marketing_email_consent_at = _parse_marketing_email_consent_at(
            d.pop("marketing_email_consent_at")
        )

        marketing_sms_consent = d.pop("marketing_sms_consent")

        def _parse_marketing_sms_consent_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                marketing_sms_consent_at_type_0 = datetime.datetime.fromisoformat(data)

                return marketing_sms_consent_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        marketing_sms_consent_at = _parse_marketing_sms_consent_at(
            d.pop("marketing_sms_consent_at")
        )

        no_show_count = d.pop("no_show_count")

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        object_ = cast(Literal["guest"], d.pop("object"))
        if object_ != "guest":
            raise ValueError(f"object must match const 'guest', got '{object_}'")

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        source = GuestSource(d.pop("source"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        vip = d.pop("vip")

        visit_count = d.pop("visit_count")

        guest = cls(
            allergies=allergies,
            anniversary=anniversary,
            birthday=birthday,
            blacklist_reason=blacklist_reason,
            blacklisted=blacklisted,
            cancellation_count=cancellation_count,
            created_at=created_at,
            dietary_preferences=dietary_preferences,
            email=email,
            first_name=first_name,
            first_visit_at=first_visit_at,
            id=id,
            language=language,
            last_name=last_name,
            last_visit_at=last_visit_at,
            marketing_email_consent=marketing_email_consent,
            marketing_email_consent_at=marketing_email_consent_at,
            marketing_sms_consent=marketing_sms_consent,
            marketing_sms_consent_at=marketing_sms_consent_at,
            no_show_count=no_show_count,
            notes=notes,
            object_=object_,
            phone=phone,
            source=source,
            updated_at=updated_at,
            vip=vip,
            visit_count=visit_count,
        )

        guest.additional_properties = d
        return guest

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
