from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.guest_input_request_language import GuestInputRequestLanguage
from ..types import UNSET, Unset

T = TypeVar("T", bound="GuestInputRequest")


@_attrs_define
class GuestInputRequest:
    """The guest, matched against the guest book by e-mail and phone.

    Attributes:
        email (None | str | Unset): E-mail address (it contains `@`; blank means none); needed on a slot with a card
            guarantee.
        first_name (None | str | Unset):
        language (GuestInputRequestLanguage | None | Unset):
        last_name (None | str | Unset):
        phone (None | str | Unset): Phone number; normalised to E.164 against the restaurant's country.
    """

    email: None | str | Unset = UNSET
    first_name: None | str | Unset = UNSET
    language: GuestInputRequestLanguage | None | Unset = UNSET
    last_name: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        first_name: None | str | Unset
        if isinstance(self.first_name, Unset):
            first_name = UNSET
        else:
            first_name = self.first_name

        language: None | str | Unset
        if isinstance(self.language, Unset):
            language = UNSET
        elif isinstance(self.language, GuestInputRequestLanguage):
            language = self.language.value
        else:
            language = self.language

        last_name: None | str | Unset
        if isinstance(self.last_name, Unset):
            last_name = UNSET
        else:
            last_name = self.last_name

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if email is not UNSET:
            field_dict["email"] = email
        if first_name is not UNSET:
            field_dict["first_name"] = first_name
        if language is not UNSET:
            field_dict["language"] = language
        if last_name is not UNSET:
            field_dict["last_name"] = last_name
        if phone is not UNSET:
            field_dict["phone"] = phone

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_first_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        first_name = _parse_first_name(d.pop("first_name", UNSET))

        def _parse_language(data: object) -> GuestInputRequestLanguage | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                language_language = GuestInputRequestLanguage(data)

                return language_language
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GuestInputRequestLanguage | None | Unset, data)

        language = _parse_language(d.pop("language", UNSET))

        def _parse_last_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_name = _parse_last_name(d.pop("last_name", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        guest_input_request = cls(
            email=email,
            first_name=first_name,
            language=language,
            last_name=last_name,
            phone=phone,
        )

        return guest_input_request
