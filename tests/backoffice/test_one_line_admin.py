"""One-line columns in the back office's forms (issue 33): a name, phone, e-mail address or any other
CharField column refuses a line break or another control character, next to the field; notes and the
restaurant's address (TextFields) keep their lines (config/one_line.py, apikeys/scoped_admin.py)."""

import pytest

from config.one_line import MESSAGE
from guests.models import Guest
from tests.backoffice.helpers import assert_next_to
from tests.backoffice.payloads import add_payload
from tests.backoffice.test_guests_waitlist_admin import guest_payload
from tests.backoffice.test_manager_forms import restaurant_payload
from tests.factories import GuestFactory

pytestmark = pytest.mark.django_db

INJECTION = "Ana\r\nBcc: attacker@example.com"


@pytest.mark.parametrize(
    "field, value",
    [("first_name", INJECTION), ("last_name", "Lee\nX"), ("phone", "06\t12"), ("email", "a@b.fr\nBcc: c@d.fr")],
)
def test_a_guest_profile_refuses_a_detail_on_two_lines(login, world_a, field, value):
    guest = GuestFactory(restaurant=world_a.restaurant, first_name="Ana", last_name="Lee", email="ana@example.com")
    response = login("host").post(f"/admin/guests/guest/{guest.pk}/change/", guest_payload(**{field: value}))
    assert response.status_code == 200
    assert str(MESSAGE) in " ".join(response.context["adminform"].form.errors.get(field, [])), field
    guest.refresh_from_db()
    assert (guest.first_name, guest.last_name, guest.email) == ("Ana", "Lee", "ana@example.com")


def test_a_new_profile_refuses_it_too(login, world_a):
    data = guest_payload(restaurant=world_a.restaurant.pk, first_name=INJECTION, last_name="Lee")
    response = login("host").post("/admin/guests/guest/add/", data)
    assert_next_to(response, "first_name", str(MESSAGE))
    assert not Guest.objects.filter(last_name="Lee").exists()


def test_the_restaurant_name_is_one_line_its_address_several(login, world_a):
    client = login("manager")
    restaurant = world_a.restaurant
    url = f"/admin/reservations/restaurant/{restaurant.pk}/change/"
    response = client.post(url, restaurant_payload(client, restaurant) | {"name": "Chez\nBcc: x@example.com"})
    assert_next_to(response, "name", str(MESSAGE))
    address = "1 rue de la Paix\r\n75002 Paris"
    response = client.post(url, restaurant_payload(client, restaurant) | {"address": address})
    assert response.status_code == 302, response.content.decode()[:3000]
    restaurant.refresh_from_db()
    assert restaurant.address == address


def test_a_section_name_in_an_inline_row_is_one_line(login, world_a):
    data = add_payload("section", world_a) | {"name": "Salle\u2028Bcc"}
    response = login("manager").post("/admin/reservations/section/add/", data)
    assert_next_to(response, "name", str(MESSAGE))
