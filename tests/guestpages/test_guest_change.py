"""The guest changes their own booking from its page (issue 31 point 1), through Django's test client:
the same modify service as PATCH, the channel rules, the refusals in the guest's language, a double
submit, and the card a new slot asks for (nothing moves until it is saved)."""

import datetime as dt
import re

import pytest
from django.test import Client

from reservations.models import CardGuarantee, GuestChange, Reservation
from reservations.payments.registry import provider_for
from tests.factories import TableFactory
from tests.guarantees.conftest import CARD_3DS, CARD_DECLINED, CARD_OK, DAY, book, build_place, event_types, sent_mail
from tests.guestpages.test_pages import csrf, page_of
from webhooks.models import Event


@pytest.fixture
def client():
    return Client(enforce_csrf_checks=True)


@pytest.fixture
def place(db, clock):
    """Dinner without a card, parties of five or more asked for approval, a table for six."""
    place = build_place(guarantee_per_guest_amount=None, guarantee_from_party_size=None, approval_from_party_size=5)
    place.tables.append(TableFactory(section=place.tables[0].section, name="T6", min_capacity=4, max_capacity=6))
    return place


def change_form(client, booking, date=DAY, party_size=None, lang="en"):
    """The change page for this date and party: its form's fields (token and submission)."""
    query = {"date": date.isoformat(), "party_size": party_size or booking.party_size, "lang": lang}
    page = client.get(page_of(booking) + "/change", query)
    assert page.status_code == 200, page.content[:400]
    text = page.content.decode()
    fields = {
        "csrfmiddlewaretoken": re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text).group(1),
        "submission": re.search(r'name="submission" value="([A-Za-z0-9]+)"', text).group(1),
        "date": date.isoformat(),
        "party_size": query["party_size"],
    }
    return text, fields


def change(client, booking, time, date=DAY, party_size=None, lang="en"):
    _, fields = change_form(client, booking, date, party_size, lang)
    return client.post(page_of(booking) + f"/change?lang={lang}", {**fields, "time": time}), fields


def webhook(type_: str) -> dict:
    return Event.objects.filter(type=type_).order_by("-created").first().data


def test_a_new_time_is_the_modify_service_with_an_update_and_an_email(
    place, client, django_capture_on_commit_callbacks
):
    booking = book(place, at=dt.time(19, 0))
    with django_capture_on_commit_callbacks(execute=True):
        response, _ = change(client, booking, "20:30")
    assert response.status_code == 302 and response["Location"].endswith("notice=changed")
    booking.refresh_from_db()
    assert booking.starts_at.astimezone(dt.timezone(dt.timedelta(hours=1))).time() == dt.time(20, 30)
    assert booking.status == "confirmed"
    assert event_types(booking) == ["reservation.created", "reservation.updated"]
    updated = webhook("reservation.updated")
    assert updated["object"]["starts_at"].startswith("2026-12-05T20:30")
    assert updated["previous_attributes"] == {}  # a time shows in the snapshot's starts_at (contract)
    message = sent_mail()[-1]
    assert message.subject == "Your booking at Chez Garantie is changed"
    assert "20:30" in message.body
    (name, content, mimetype) = message.attachments[0]
    assert name == f"booking-{booking.public_id}.ics" and mimetype == "text/calendar"
    assert "DTSTART;TZID=Europe/Paris:20261205T203000" in content
    page = client.get(response["Location"]).content.decode()
    assert "Your booking is changed" in page and "20:30" in page


def test_a_larger_party_needing_approval_goes_back_to_pending(place, client):
    booking = book(place, party_size=2)
    response, _ = change(client, booking, "19:30", party_size=6)
    assert response.status_code == 302 and response["Location"].endswith("notice=change_pending")
    booking.refresh_from_db()
    assert (booking.status, booking.party_size) == ("pending", 6)
    assert event_types(booking) == ["reservation.created", "reservation.pending"]
    pending = webhook("reservation.pending")
    assert pending["object"]["party_size"] == 6 and "previous_attributes" not in pending
    # A smaller party again asks nothing more: an update, with the party it had.
    response, _ = change(client, booking, "19:30", party_size=4)
    booking.refresh_from_db()
    assert (booking.status, booking.party_size) == ("pending", 4)
    assert webhook("reservation.updated")["previous_attributes"] == {"party_size": 6}


def test_a_booking_made_by_phone_stays_confirmed(place, client):
    booking = book(place, party_size=2, booking_channel="phone", source="manual")
    change(client, booking, "19:30", party_size=6)
    booking.refresh_from_db()
    assert (booking.status, booking.party_size) == ("confirmed", 6)
    assert event_types(booking)[-1] == "reservation.updated"


def test_the_same_form_posted_twice_changes_once(place, client):
    booking = book(place, at=dt.time(19, 0))
    first, fields = change(client, booking, "20:00")
    again = client.post(page_of(booking) + "/change?lang=en", {**fields, "time": "20:00"})
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"]
    assert event_types(booking) == ["reservation.created", "reservation.updated"]
    assert GuestChange.objects.filter(reservation=booking).count() == 1


def test_the_same_form_asking_for_the_booking_as_it_is_changes_nothing(place, client):
    booking = book(place, at=dt.time(19, 0))
    response, _ = change(client, booking, "19:00")
    assert response["Location"].endswith("notice=unchanged")
    assert event_types(booking) == ["reservation.created"]


def test_a_taken_time_is_refused_in_words_and_nothing_changes(place, client):
    booking = book(place, at=dt.time(19, 0), party_size=4)
    _, fields = change_form(client, booking, party_size=6)
    book(place, at=dt.time(20, 0), party_size=6, email="bo@example.com")  # the only six-top, meanwhile
    response = client.post(page_of(booking) + "/change?lang=en", {**fields, "time": "20:00"})
    assert response.status_code == 422
    problems = re.search(
        r'<div class="error" role="alert" id="change-problems">(.*?)</div>', response.content.decode()
    ).group(1)
    assert "No table is free for your party at this time. Please choose another time." in problems
    booking.refresh_from_db()
    assert booking.starts_at.astimezone(dt.timezone(dt.timedelta(hours=1))).time() == dt.time(19, 0)


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"restaurant": {"guest_changes_allowed": False}}, "Ce restaurant ne prend pas les modifications en ligne"),
        ({"booking": {"status": "seated"}}, "votre visite a commencé"),
        ({"shift": {"cutoff_minutes": 24 * 60 * 7}}, "Les modifications en ligne sont closes pour cette réservation"),
    ],
)
def test_refusals_are_said_in_the_guests_language(place, client, setup, words):
    booking = book(place, at=dt.time(19, 0), language="fr")
    _, fields = change_form(client, booking, lang="fr")
    Reservation.objects.filter(pk=booking.pk).update(**setup.get("booking", {}))
    type(place.restaurant).objects.filter(pk=place.restaurant.pk).update(**setup.get("restaurant", {}))
    if "shift" in setup:
        type(place.shift).objects.filter(pk=place.shift.pk).update(**setup["shift"])
        from reservations.services.availability_version import bump_availability_version

        bump_availability_version(place.restaurant.pk)
    response = client.post(page_of(booking) + "/change", {**fields, "time": "20:00"})
    assert response.status_code == 409
    assert words in response.content.decode()
    assert event_types(booking) == ["reservation.created"]
    page = client.get(page_of(booking) + "/change").content.decode()
    assert words in page and 'id="change-form"' not in page


# A new slot asking for a card.


@pytest.fixture
def card_place(db, clock):
    """Dinner with a card of 15.00 EUR per guest from a party of 3 (two guests need none)."""
    return build_place(guarantee_from_party_size=3)


def test_a_card_first_then_the_change_declined_retried_saved(card_place, client, django_capture_on_commit_callbacks):
    booking = book(card_place, party_size=2, at=dt.time(19, 0))
    assert not booking.guarantee_kind
    response, _ = change(client, booking, "19:00", party_size=3)
    assert response.status_code == 302 and "/change/" in response["Location"]
    card_url = response["Location"].split("?")[0]
    booking.refresh_from_db()
    assert booking.party_size == 2 and event_types(booking) == ["reservation.created"]  # nothing moved yet
    page = client.get(card_url + "?lang=en").content.decode()
    assert "up to 45.00 EUR" in page and "Your booking stays as it is until the card is saved." in page
    token = csrf(client, card_url)
    declined = client.post(card_url, {"card_number": CARD_DECLINED, "csrfmiddlewaretoken": token})
    assert declined.status_code == 422
    assert (
        "Your bank declined this card" in declined.content.decode() and "card_declined" not in declined.content.decode()
    )
    wrong = client.post(card_url, {"card_number": "4242 4242 4242 4241", "csrfmiddlewaretoken": token})
    assert "This card number is not right" in wrong.content.decode()
    booking.refresh_from_db()
    assert booking.party_size == 2
    with django_capture_on_commit_callbacks(execute=True):
        saved = client.post(card_url, {"card_number": CARD_OK, "csrfmiddlewaretoken": token})
    assert saved.status_code == 302 and saved["Location"].endswith("notice=changed")
    booking.refresh_from_db()
    assert (booking.party_size, booking.guarantee_status, booking.guarantee_amount) == (3, "active", 4500)
    card = CardGuarantee.objects.get(reservation=booking)
    assert (card.last4, card.amount, card.saved_at is not None) == ("4242", 4500, True)
    assert event_types(booking) == ["reservation.created", "reservation.updated"]
    assert webhook("reservation.updated")["previous_attributes"] == {"party_size": 2}
    assert sent_mail()[-1].subject == "Your booking at Chez Garantie is changed"


def test_a_raised_guarantee_takes_the_new_card_and_releases_the_old(card_place, client):
    booking = book(card_place, party_size=3, at=dt.time(19, 0))
    save = page_of(booking) + "/card"
    client.post(save, {"card_number": CARD_OK, "csrfmiddlewaretoken": csrf(client, page_of(booking))})
    booking.refresh_from_db()
    old_intent = CardGuarantee.objects.get(reservation=booking).intent_id
    assert (booking.status, booking.guarantee_amount) == ("confirmed", 4500)
    response, _ = change(client, booking, "19:00", party_size=4)
    card_url = response["Location"].split("?")[0]
    token = csrf(client, card_url)
    verify = client.post(card_url, {"card_number": CARD_3DS, "csrfmiddlewaretoken": token})
    assert verify["Location"].endswith("/verify")
    page = client.get(verify["Location"]).content.decode()
    assert "Your bank asks you to confirm this card" in page and "you can try again or use another card" in page
    failed = client.post(verify["Location"], {"decision": "fail", "csrfmiddlewaretoken": token})
    assert failed.status_code == 422 and "Your bank did not confirm the card" in failed.content.decode()
    again = client.post(card_url, {"card_number": CARD_3DS, "csrfmiddlewaretoken": token})
    done = client.post(again["Location"], {"decision": "approve", "csrfmiddlewaretoken": token})
    assert done["Location"].endswith("notice=changed")
    booking.refresh_from_db()
    assert (booking.party_size, booking.guarantee_amount) == (4, 6000)
    assert CardGuarantee.objects.get(reservation=booking).intent_id != old_intent
    assert provider_for(booking.restaurant).card_status(old_intent).status == "released"


def test_a_slot_taken_while_the_card_is_saved_changes_nothing_and_lets_the_card_go(card_place, client):
    booking = book(card_place, party_size=2, at=dt.time(19, 0))
    response, _ = change(client, booking, "20:00", party_size=4)
    change_row = GuestChange.objects.get(reservation=booking)
    card_url = response["Location"].split("?")[0]
    token = csrf(client, card_url)
    # Meanwhile the only table for four at 20:00 is booked.
    book(card_place, party_size=4, at=dt.time(20, 0), email="b@example.com")
    saved = client.post(card_url, {"card_number": CARD_OK, "csrfmiddlewaretoken": token})
    assert saved["Location"].endswith("notice=change_taken")
    booking.refresh_from_db()
    assert (booking.party_size, booking.guarantee_kind) == (2, "")
    change_row.refresh_from_db()
    assert change_row.status == "refused" and change_row.refusal
    assert provider_for(booking.restaurant).card_status(change_row.intent_id).status == "released"
    assert "The new time was taken while you saved your card" in client.get(saved["Location"]).content.decode()


def test_the_api_still_refuses_what_only_the_guest_consents_to(card_place):
    from config.exceptions import Refused
    from reservations.services.modify import ModifyParams, modify_reservation

    booking = book(card_place, party_size=2, at=dt.time(19, 0))
    with pytest.raises(Refused) as refused:
        modify_reservation(reservation=booking, params=ModifyParams(fields={"party_size": 3}))
    assert refused.value.code == "guarantee_modify_requires_card"


@pytest.mark.parametrize(
    "form",
    [
        {"time": "99:99"},
        {"time": "20:00\x00"},
        {"time": "<script>"},
        {"date": "2026-02-30", "time": "20:00"},
        {"party_size": "-1", "time": "20:00"},
        {"party_size": "9999999999999", "time": "20:00"},
        {"submission": "x", "time": "20:00"},
        {"submission": "", "time": ""},
    ],
)
def test_hostile_change_forms_are_refused_in_words_and_change_nothing(place, client, form):
    booking = book(place, at=dt.time(19, 0))
    _, fields = change_form(client, booking)
    response = client.post(page_of(booking) + "/change?lang=en", {**fields, **form})
    assert response.status_code in (400, 422), response.status_code
    assert response["Content-Type"].startswith("text/html") and b"Traceback" not in response.content
    assert event_types(booking) == ["reservation.created"]


def test_an_unknown_change_or_another_bookings_change_is_the_guests_404(card_place, client):
    booking = book(card_place, party_size=2, at=dt.time(19, 0))
    other = book(card_place, party_size=2, at=dt.time(21, 0), email="other@example.com")
    response, _ = change(client, booking, "19:00", party_size=3)
    change_token = response["Location"].split("/change/")[1].split("/")[0]
    assert client.get(page_of(other) + f"/change/{change_token}/card").status_code == 404
    assert client.get(page_of(booking) + "/change/nope/card").status_code == 404
    assert client.get(page_of(booking) + f"/change/{change_token}/card").status_code == 200


def test_a_later_change_closes_an_earlier_card_step(card_place, client):
    booking = book(card_place, party_size=2, at=dt.time(19, 0))
    first, _ = change(client, booking, "19:00", party_size=3)
    card_url = first["Location"].split("?")[0]
    change(client, booking, "20:00", party_size=2)  # no card needed: applied
    assert GuestChange.objects.get(reservation=booking, status="abandoned")
    token = csrf(client, page_of(booking))
    late = client.post(card_url, {"card_number": CARD_OK, "csrfmiddlewaretoken": token})
    assert late.status_code == 302 and "notice" not in late["Location"]
    booking.refresh_from_db()
    assert (booking.party_size, booking.guarantee_kind) == (2, "")
