"""The waitlist list reads a number of queries that does not grow with the page, expanded or not."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.postgresql import prepared
from tests.factories import ReservationFactory, WaitlistEntryFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("query", [{}, {"expand": "guest"}, {"service_date": "2026-12-05"}])
def test_the_list_does_not_grow_with_the_page(api, restaurant, query):
    def add(n):
        for _ in range(n):
            WaitlistEntryFactory(
                restaurant=restaurant, status="promoted", reservation=ReservationFactory(restaurant=restaurant)
            )

    add(2)
    api.get("/v1/waitlist-entries", query)
    with CaptureQueriesContext(connection) as few:
        assert api.get("/v1/waitlist-entries", {**query, "limit": 25}).status_code == 200
    add(20)
    with CaptureQueriesContext(connection) as many:
        body = api.get("/v1/waitlist-entries", {**query, "limit": 25}).json()
    assert len(body["data"]) == 22 and all(e["reservation"] for e in body["data"])
    assert len(many) == len(few)


def test_a_range_of_service_dates_is_planned_for_its_values(api, restaurant, monkeypatch):
    """The list's read is prepared once its text repeats, except with a range of service dates,
    whose generic plan would walk the newest-first index through every entry (selectors.entry_rows)."""
    monkeypatch.setattr(prepared, "_dynamic", {})  # this process's run-time statements, as at start
    monkeypatch.setattr(prepared, "_seen", set())
    WaitlistEntryFactory(restaurant=restaurant)

    def sent(query) -> str:
        with CaptureQueriesContext(connection) as queries:
            assert api.get("/v1/waitlist-entries", query).status_code == 200
        return " ".join(q["sql"] for q in queries.captured_queries)

    day = {"service_date": "2026-12-05"}
    ranged = {"service_date[gte]": "2026-12-01", "service_date[lte]": "2026-12-31"}
    assert "EXECUTE dynamic_" not in sent(day) and "EXECUTE dynamic_" in sent(day)
    assert all("EXECUTE dynamic_" not in sent(ranged) for _ in range(3))
