"""The waitlist list reads a number of queries that does not grow with the page, expanded or not."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

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
