"""The host's forms take a guest's name, phone and e-mail address on one line each (issue 33): a phone
booking or a party joining the waitlist with a line break in them is refused in words, and nothing is
written (config/one_line.py)."""

import pytest

from config.one_line import MESSAGE
from reservations.models import Reservation
from tests.staff.conftest import DAY
from tests.staff.test_day_sheet import client_for
from waitlist.models import WaitlistEntry

pytestmark = pytest.mark.django_db

INJECTION = "Tom\r\nBcc: attacker@example.com"


@pytest.mark.parametrize(
    "field, value",
    [("first_name", INJECTION), ("last_name", "Phone\nX"), ("phone", "06\r11111111"), ("email", "t@x.fr\nBcc: y")],
)
def test_a_phone_booking_with_a_detail_on_two_lines_is_the_form_again(floor, field, value):
    host = client_for(floor.restaurant, "host")
    form = {
        "channel": "phone",
        "service_date": DAY.isoformat(),
        "start_time": "20:30",
        "party_size": 2,
        "first_name": "Tom",
        "last_name": "Phone",
        "phone": "0611111111",
    }
    response = host.post(f"/admin/day/new/?r={floor.restaurant.public_id}", {**form, field: value})
    assert response.status_code == 200
    assert str(MESSAGE) in response.content.decode().replace("&#x27;", "'")
    assert not Reservation.objects.exists()


@pytest.mark.parametrize("field", ["first_name", "last_name", "phone"])
def test_a_party_joining_the_waitlist_with_a_line_break_is_refused(floor, field):
    host = client_for(floor.restaurant, "host")
    data = {"r": floor.restaurant.public_id, "shown_date": DAY.isoformat(), "party_size": 2, "last_name": "Lee"}
    response = host.post("/admin/day/waitlist/add/", {**data, field: INJECTION}, follow=True)
    assert "on one line each" in response.content.decode()
    assert not WaitlistEntry.objects.exists()
    host.post("/admin/day/waitlist/add/", data)
    assert WaitlistEntry.objects.get().guest.last_name == "Lee"
