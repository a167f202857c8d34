"""The booking counters operators graph (issue 33 point 5): bookings by the status they start in,
counted once written; refusals by violation code; the budget's 429s by resource."""

import pytest
from prometheus_client import REGISTRY

from tests.reservations.helpers import create, created

pytestmark = pytest.mark.django_db


def sample(name: str, **labels) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_a_committed_booking_is_counted_by_its_status(api, bistro):
    before = sample("bookings_total", outcome="confirmed")
    assert created(create(api))["status"] == "confirmed"
    assert sample("bookings_total", outcome="confirmed") == before + 1


def test_a_refusal_is_counted_by_each_violation_code(api, bistro):
    before = sample("booking_refusals_total", code="party_size_too_large")
    booked = sample("bookings_total", outcome="confirmed")
    response = create(api, party_size=40)
    assert response.status_code == 422
    codes = [v["code"] for v in response.json()["error"]["violations"]]
    assert "party_size_too_large" in codes
    assert sample("booking_refusals_total", code="party_size_too_large") == before + 1
    assert sample("bookings_total", outcome="confirmed") == booked


def test_a_spent_budget_is_counted(api, restaurant):
    restaurant.write_burst, restaurant.write_per_second = 1, 0.01
    restaurant.save(update_fields=["write_burst", "write_per_second"])
    before = sample("rate_limit_refusals_total", resource="write")
    statuses = [create(api).status_code for _ in range(3)]
    assert statuses.count(429) == 2
    assert sample("rate_limit_refusals_total", resource="write") == before + 2
