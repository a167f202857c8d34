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

from ..models.configuration_guest_languages_item import ConfigurationGuestLanguagesItem
from ..models.configuration_primary_language import ConfigurationPrimaryLanguage
from ..models.configuration_required_guest_fields_item import (
    ConfigurationRequiredGuestFieldsItem,
)

if TYPE_CHECKING:
    from ..models.restaurant_reference import RestaurantReference


T = TypeVar("T", bound="Configuration")


@_attrs_define
class Configuration:
    """The restaurant's booking policy. Read once at start-up; revalidate with `If-None-Match`.

    Attributes:
        booking_page_url (str): Absolute address of the hosted booking page; append `/{modification_token}` for the
            guest's page.
        card_guarantee_from_party_size (int | None): Null: no booking is asked for a card; a number is a maybe.
        country (str): ISO 3166 alpha-2; phone numbers without country code are read against it.
        currency (str): ISO 4217 of every amount.
        current_date (datetime.date): Today in the restaurant's timezone.
        default_cutoff_minutes (int | None): House default only: 0 up to start, -1 during service, null no rule.
        default_party_size (int): Suggested size, between min and max.
        guest_languages (list[ConfigurationGuestLanguagesItem]): Primary first; the exact set `locale` accepts.
        last_service_date (datetime.date | None): `current_date + max_advance_days`; null when that is null.
        max_advance_days (int | None): Booking window in days; null: none.
        max_party_size (int | None): Online policy, not a promise of a table; null: no limit.
        min_party_size (int | None): Online policy, not a promise of a table; null: no limit.
        object_ (Literal['configuration']):
        primary_language (ConfigurationPrimaryLanguage): Language of restaurant text.
        require_guest_email (bool): Advisory, not enforced by the API.
        require_guest_phone (bool): Advisory, not enforced by the API.
        required_guest_fields (list[ConfigurationRequiredGuestFieldsItem]): Guest fields a create must carry or be
            refused `guest_fields_required` (not with `guest_id`).
        restaurant (RestaurantReference): The restaurant the key resolves to.
        show_seating_preference (bool): Advisory: render a seating step.
        timezone (str): IANA zone of every date and time.
    """

    booking_page_url: str
    card_guarantee_from_party_size: int | None
    country: str
    currency: str
    current_date: datetime.date
    default_cutoff_minutes: int | None
    default_party_size: int
    guest_languages: list[ConfigurationGuestLanguagesItem]
    last_service_date: datetime.date | None
    max_advance_days: int | None
    max_party_size: int | None
    min_party_size: int | None
    object_: Literal["configuration"]
    primary_language: ConfigurationPrimaryLanguage
    require_guest_email: bool
    require_guest_phone: bool
    required_guest_fields: list[ConfigurationRequiredGuestFieldsItem]
    restaurant: RestaurantReference
    show_seating_preference: bool
    timezone: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        booking_page_url = self.booking_page_url

        card_guarantee_from_party_size: int | None
        card_guarantee_from_party_size = self.card_guarantee_from_party_size

        country = self.country

        currency = self.currency

        current_date = self.current_date.isoformat()

        default_cutoff_minutes: int | None
        default_cutoff_minutes = self.default_cutoff_minutes

        default_party_size = self.default_party_size

        guest_languages = []
        for guest_languages_item_data in self.guest_languages:
            guest_languages_item = guest_languages_item_data.value
            guest_languages.append(guest_languages_item)

        last_service_date: None | str
        if isinstance(self.last_service_date, datetime.date):
            last_service_date = self.last_service_date.isoformat()
        else:
            last_service_date = self.last_service_date

        max_advance_days: int | None
        max_advance_days = self.max_advance_days

        max_party_size: int | None
        max_party_size = self.max_party_size

        min_party_size: int | None
        min_party_size = self.min_party_size

        object_ = self.object_

        primary_language = self.primary_language.value

        require_guest_email = self.require_guest_email

        require_guest_phone = self.require_guest_phone

        required_guest_fields = []
        for required_guest_fields_item_data in self.required_guest_fields:
            required_guest_fields_item = required_guest_fields_item_data.value
            required_guest_fields.append(required_guest_fields_item)

        restaurant = self.restaurant.to_dict()

        show_seating_preference = self.show_seating_preference

        timezone = self.timezone

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "booking_page_url": booking_page_url,
                "card_guarantee_from_party_size": card_guarantee_from_party_size,
                "country": country,
                "currency": currency,
                "current_date": current_date,
                "default_cutoff_minutes": default_cutoff_minutes,
                "default_party_size": default_party_size,
                "guest_languages": guest_languages,
                "last_service_date": last_service_date,
                "max_advance_days": max_advance_days,
                "max_party_size": max_party_size,
                "min_party_size": min_party_size,
                "object": object_,
                "primary_language": primary_language,
                "require_guest_email": require_guest_email,
                "require_guest_phone": require_guest_phone,
                "required_guest_fields": required_guest_fields,
                "restaurant": restaurant,
                "show_seating_preference": show_seating_preference,
                "timezone": timezone,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.restaurant_reference import RestaurantReference

        d = dict(src_dict)
        booking_page_url = d.pop("booking_page_url")

        def _parse_card_guarantee_from_party_size(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        card_guarantee_from_party_size = _parse_card_guarantee_from_party_size(
            d.pop("card_guarantee_from_party_size")
        )

        country = d.pop("country")

        currency = d.pop("currency")

        current_date = datetime.date.fromisoformat(d.pop("current_date"))

        def _parse_default_cutoff_minutes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        default_cutoff_minutes = _parse_default_cutoff_minutes(
            d.pop("default_cutoff_minutes")
        )

        default_party_size = d.pop("default_party_size")

        guest_languages = []
        _guest_languages = d.pop("guest_languages")
        for guest_languages_item_data in _guest_languages:
            guest_languages_item = ConfigurationGuestLanguagesItem(
                guest_languages_item_data
            )

            guest_languages.append(guest_languages_item)

        def _parse_last_service_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_service_date_type_0 = datetime.date.fromisoformat(data)

                return last_service_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        last_service_date = _parse_last_service_date(d.pop("last_service_date"))

        def _parse_max_advance_days(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_advance_days = _parse_max_advance_days(d.pop("max_advance_days"))

        def _parse_max_party_size(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_party_size = _parse_max_party_size(d.pop("max_party_size"))

        def _parse_min_party_size(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        min_party_size = _parse_min_party_size(d.pop("min_party_size"))

        object_ = cast(Literal["configuration"], d.pop("object"))
        if object_ != "configuration":
            raise ValueError(
                f"object must match const 'configuration', got '{object_}'"
            )

        primary_language = ConfigurationPrimaryLanguage(d.pop("primary_language"))

        require_guest_email = d.pop("require_guest_email")

        require_guest_phone = d.pop("require_guest_phone")

        required_guest_fields = []
        _required_guest_fields = d.pop("required_guest_fields")
        for required_guest_fields_item_data in _required_guest_fields:
            required_guest_fields_item = ConfigurationRequiredGuestFieldsItem(
                required_guest_fields_item_data
            )

            required_guest_fields.append(required_guest_fields_item)

        restaurant = RestaurantReference.from_dict(d.pop("restaurant"))

        show_seating_preference = d.pop("show_seating_preference")

        timezone = d.pop("timezone")

        configuration = cls(
            booking_page_url=booking_page_url,
            card_guarantee_from_party_size=card_guarantee_from_party_size,
            country=country,
            currency=currency,
            current_date=current_date,
            default_cutoff_minutes=default_cutoff_minutes,
            default_party_size=default_party_size,
            guest_languages=guest_languages,
            last_service_date=last_service_date,
            max_advance_days=max_advance_days,
            max_party_size=max_party_size,
            min_party_size=min_party_size,
            object_=object_,
            primary_language=primary_language,
            require_guest_email=require_guest_email,
            require_guest_phone=require_guest_phone,
            required_guest_fields=required_guest_fields,
            restaurant=restaurant,
            show_seating_preference=show_seating_preference,
            timezone=timezone,
        )

        configuration.additional_properties = d
        return configuration

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
