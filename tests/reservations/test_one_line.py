"""One-line fields (issue 33): a guest's name, phone and e-mail address hold no line break nor other
control character, so a name can never put a line such as `Bcc: ...` into an e-mail; notes may hold
several lines. The API refuses them as any bad value of the field (400 naming it, on the fast path
and DRF's alike); an e-mail rendered from older data shows the name on one line, and its subject is
one line whatever the restaurant's name holds (config/one_line.py)."""

import pytest
from django.core import mail

from config.api import fast_path
from config.api.openapi import openapi_document
from config.one_line import CONTROL, is_one_line, one_line
from reservations import emails
from reservations.api.inputs import ReservationCreateInput
from reservations.models import Reservation
from tests.factories import GuestFactory, ReservationFactory
from tests.reservations.conftest import booking_body
from tests.reservations.helpers import assert_error, book, create

INJECTION = "Ana\r\nBcc: attacker@example.com"
BREAKS = ["\n", "\r", "\r\n", "\t", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\u2028", "\u2029", "\x00"]


@pytest.fixture(autouse=True)
def locmem_mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def test_what_one_line_means():
    for char in BREAKS:
        assert not is_one_line(f"Ana{char}Lee") and CONTROL.search(char)
    for text in ("Ana Lee", "José Ñúñez", "O'Brien-Łukasz", "李小龍", "+33 6 12 34 56 78", "a@b.fr", ""):
        assert is_one_line(text)
    assert one_line(INJECTION) == "Ana Bcc: attacker@example.com"
    assert one_line(None) == ""


@pytest.mark.parametrize("field", ["first_name", "last_name", "phone", "email"])
@pytest.mark.parametrize("char", BREAKS)
def test_a_guest_field_with_a_control_character_is_400_naming_it(api, bistro, field, char):
    guest = {"first_name": "Ana", "last_name": "Lee", "email": "ana@example.com", "phone": "0612345678"}
    guest[field] = {"email": f"ana{char}@example.com", "phone": f"06{char}12345678"}.get(field, f"Ana{char}Lee")
    assert_error(create(api, guest=guest), 400, "bad_request", param=f"guest[{field}]")
    assert Reservation.objects.count() == 0


def test_the_header_injection_of_the_issue_is_refused(api, bistro):
    response = create(api, guest={"first_name": INJECTION, "email": "ana@example.com"})
    error = assert_error(response, 400, "bad_request", param="guest[first_name]")
    assert "one line" in error["message"]


def test_notes_keep_their_lines(api, bistro):
    booking = book(api, guest_notes="Window table\nHigh chair\r\nThanks", internal_notes="VIP\tregular")
    assert booking["guest_notes"] == "Window table\nHigh chair\r\nThanks"
    assert_error(create(api, guest_notes="a\x00b"), 400, "bad_request", param="guest_notes")


def test_the_fast_path_and_drf_agree():
    good = booking_body()
    assert fast_path.read(ReservationCreateInput(data=good), good) is not None
    for field in ("first_name", "last_name", "email"):
        bad = booking_body(guest={**good["guest"], field: "a\nb@example.com"})
        assert fast_path.read(ReservationCreateInput(data=bad), bad) is None
        serializer = ReservationCreateInput(data=bad)
        assert not serializer.is_valid() and field in serializer.errors["guest"]


def test_the_document_says_so():
    document, _ = openapi_document()
    schema = document["components"]["schemas"]["GuestInputRequest"]["properties"]
    for field in ("first_name", "last_name", "email", "phone"):
        assert schema[field]["not"] == {"type": "string", "pattern": CONTROL.pattern}, field
    notes = document["components"]["schemas"]["ReservationCreateRequest"]["properties"]["guest_notes"]
    assert notes["not"] == {"type": "string", "pattern": "\\u0000"}


def test_an_email_shows_an_older_name_on_one_line(bistro, db):
    """A name stored before the rule (or by a path that does not check it) cannot start a line."""
    restaurant = bistro.restaurant
    restaurant.name = "Chez\nBcc: x@example.com"
    restaurant.save(update_fields=["name"])
    guest = GuestFactory(restaurant=restaurant, first_name=INJECTION, email="ana@example.com")
    booking = ReservationFactory(restaurant=restaurant, shift=bistro.shift, guest=guest)
    assert emails.send(booking.pk, "confirmation")
    [message] = mail.outbox
    assert "\n" not in message.subject and "\r" not in message.subject
    lines = message.body.splitlines()
    assert not any(line.lstrip().lower().startswith("bcc:") for line in lines), message.body
    assert "Ana Bcc: attacker@example.com" in message.body
    assert message.bcc == [] and message.to == ["ana@example.com"]
    assert "bcc" not in {name.lower() for name in message.message().keys()}
