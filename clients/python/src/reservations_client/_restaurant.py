"""The restaurant and what it sells: its booking policy (`configuration`), its seating areas (`sections`),
and the times open for a party, by day (`availability`) and by month (`availability_months`)."""

from __future__ import annotations

import datetime as dt

from ._convert import _date, _enum, _unset
from ._generated.api.availability import availability_months_retrieve, availability_retrieve
from ._generated.api.configuration import configuration_retrieve
from ._generated.api.sections import sections_list
from ._generated.models import (
    Availability,
    AvailabilityMonth,
    AvailabilityMonthsRetrieveLocale,
    AvailabilityRetrieveLocale,
    Configuration,
    SectionList,
)
from ._resource import Resource


class ConfigurationResource(Resource):
    def retrieve(self) -> Configuration:
        """`GET /v1/configuration` (`configuration_retrieve`): the restaurant's booking policy."""
        return self._client.call(configuration_retrieve)


class SectionsResource(Resource):
    def list(self) -> SectionList:
        """`GET /v1/sections` (`sections_list`): every seating area; never paginated."""
        return self._client.call(sections_list)


class AvailabilityResource(Resource):
    def retrieve(
        self,
        *,
        service_date: str | dt.date,
        party_size: int,
        section_id: str | None = None,
        excluding: str | None = None,
        locale: str | None = None,
    ) -> Availability:
        """`GET /v1/availability` (`availability_retrieve`): one day's services and times for a party."""
        return self._client.call(
            availability_retrieve,
            service_date=_date(service_date),
            party_size=party_size,
            section_id=_unset(section_id),
            excluding=_unset(excluding),
            locale=_enum(AvailabilityRetrieveLocale, locale),
        )


class AvailabilityMonthsResource(Resource):
    def retrieve(self, *, month: str, excluding: str | None = None, locale: str | None = None) -> AvailabilityMonth:
        """`GET /v1/availability/months` (`availability_months_retrieve`): every day of a month (`YYYY-MM`)."""
        return self._client.call(
            availability_months_retrieve,
            month=month,
            excluding=_unset(excluding),
            locale=_enum(AvailabilityMonthsRetrieveLocale, locale),
        )
