"""The booking page's details are one line each (issue 33): a name, phone or e-mail address with a line
break or another control character is the form again (422) with the field's message, and nothing is
booked; the request may hold several lines."""

import re

import pytest
from django.test import Client

from reservations.models import Reservation
from tests.guarantees.conftest import DAY, build_place

INJECTION = "Ana\r\nBcc: attacker@example.com"


@pytest.fixture
def place(db, clock):
    return build_place()


def booking_form(client, place) -> tuple[str, dict]:
    url = f"/book/{place.restaurant.slug}"
    text = client.get(url, {"date": DAY.isoformat(), "party_size": 2, "lang": "en"}).content.decode()
    return url + "?lang=en", {
        "csrfmiddlewaretoken": re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text).group(1),
        "date": DAY.isoformat(),
        "party_size": "2",
        "submission": re.search(r'name="submission" value="([A-Za-z0-9]+)"', text).group(1),
        "time": "20:00",
        "first_name": "Ana",
        "last_name": "Lee",
        "email": "ana@example.com",
        "phone": "",
        "notes": "",
    }


@pytest.mark.parametrize(
    "field, value",
    [
        ("first_name", INJECTION),
        ("last_name", "Lee\nBcc: attacker@example.com"),
        ("last_name", "Lee\u2028Bcc"),
        ("phone", "06 12\r34 56 78"),
        ("email", "ana@example.com\nBcc: attacker@example.com"),
    ],
)
def test_a_detail_on_two_lines_is_the_form_again(place, field, value):
    client = Client(enforce_csrf_checks=True)
    url, form = booking_form(client, place)
    response = client.post(url, {**form, field: value})
    assert response.status_code == 422
    page = response.content.decode()
    assert f'id="id_{field}" aria-invalid="true"' in page or f'aria-describedby="id_{field}-errors"' in page
    assert not Reservation.objects.exists()


def test_the_request_keeps_its_lines(place):
    client = Client(enforce_csrf_checks=True)
    url, form = booking_form(client, place)
    response = client.post(url, {**form, "notes": "Window table\r\nA high chair"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Reservation.objects.get().guest_notes == "Window table\r\nA high chair"
