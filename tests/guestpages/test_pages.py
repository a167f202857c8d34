"""The guest pages through Django's test client: plain form posts, no JavaScript."""

import datetime as dt
import re

import pytest
from django.test import Client

from reservations.models import Reservation, ReservationEvent, WidgetSubmission
from tests.factories import GuestFactory, ReservationFactory
from tests.guarantees.conftest import CARD_3DS, CARD_DECLINED, CARD_OK, DAY, book, build_place, event_types, sent_mail


@pytest.fixture
def place(db, clock):
    return build_place()


@pytest.fixture
def client():
    return Client(enforce_csrf_checks=True)


def csrf(client, url) -> str:
    """The form's CSRF token, or (a page without a form now) the cookie an earlier page set."""
    page = client.get(url)
    found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.content)
    return found.group(1).decode() if found else client.cookies["csrftoken"].value


def page_of(reservation) -> str:
    return f"/book/{reservation.restaurant.slug}/{reservation.modification_token}"


def post(client, url, data, page=None):
    token = csrf(client, page or url.rsplit("/", 1)[0] if page is None else page)
    return client.post(url, {**data, "csrfmiddlewaretoken": token})


def test_the_page_shows_the_booking_and_its_guarantee_terms(place, client):
    booking = book(place)
    page = client.get(page_of(booking) + "?lang=en")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Chez Garantie" in text and "Saturday 5 December 2026" in text and "19:30" in text
    assert 'data-status="awaiting_guarantee"' in text
    assert "30.00 EUR" in text  # 2 guests x 15.00
    assert "Free cancellation until Friday 4 December 2026, 19:30" in text
    assert 'id="card-form"' in text and 'id="cancel-form"' in text
    assert page["Referrer-Policy"] == "same-origin" and page["Cache-Control"] == "no-store"
    assert "noindex" in page["X-Robots-Tag"]


def test_the_page_defaults_to_the_restaurants_primary_language(place, client):
    booking = book(place, language=None)  # the restaurant's primary language is French; the guest chose none
    page = client.get(page_of(booking))
    assert page["Content-Language"] == "fr"
    assert '<html lang="fr">' in page.content.decode()
    assert "samedi 5 décembre 2026" in page.content.decode()


def test_a_french_guest_reads_french_and_a_german_one_falls_back_cleanly(place, client):
    booking = book(place, language="fr")
    text = client.get(page_of(booking)).content.decode()
    assert "Votre réservation" in text and "Enregistrer ma carte" in text and "30,00 EUR" in text
    german = client.get(page_of(booking) + "?lang=de")
    assert german.status_code == 200 and german["Content-Language"] == "de"
    assert "Samstag" in german.content.decode() and "Your booking" in german.content.decode()


def test_a_token_opens_only_its_own_booking_at_its_own_restaurant(place, client):
    booking = book(place)
    other = build_place()
    assert client.get(f"/book/{other.restaurant.slug}/{booking.modification_token}").status_code == 404
    assert client.get(f"/book/{place.restaurant.slug}/{'x' * 32}").status_code == 404
    assert client.get(f"/book/{place.restaurant.slug}/../../etc").status_code == 404
    assert client.get(f"/book/{place.restaurant.slug}/{booking.modification_token[:-1]}").status_code == 404
    assert len(booking.modification_token) == 32 and booking.modification_token.isalnum()


def test_the_token_survives_a_merge_of_guests(place, client):
    booking = book(place)
    survivor = GuestFactory(restaurant=place.restaurant, first_name="Ana", last_name="Lopez-Merged")
    Reservation.objects.filter(pk=booking.pk).update(guest=survivor)
    assert client.get(page_of(booking)).status_code == 200


def test_saving_a_card_by_form_post_confirms_the_booking(place, client):
    booking = book(place)
    response = post(client, page_of(booking) + "/card?lang=en", {"card_number": CARD_OK}, page=page_of(booking))
    assert response.status_code == 302 and response["Location"].endswith("notice=card_saved")
    booking.refresh_from_db()
    assert booking.status == "confirmed" and event_types(booking) == ["reservation.created"]
    text = client.get(response["Location"]).content.decode()
    assert "Your card is saved" in text and "Visa ending in 4242" in text and 'id="card-form"' not in text


def test_a_declined_card_is_said_and_the_form_stays(place, client):
    booking = book(place)
    response = post(client, page_of(booking) + "/card?lang=en", {"card_number": CARD_DECLINED}, page=page_of(booking))
    assert response.status_code == 422
    text = response.content.decode()
    assert "Your bank declined this card. Please try another card." in text and "card_declined" not in text
    booking.refresh_from_db()
    assert booking.status == "awaiting_guarantee"


def test_the_extra_step_by_form_posts(place, client):
    booking = book(place)
    response = post(client, page_of(booking) + "/card", {"card_number": CARD_3DS}, page=page_of(booking))
    assert response.status_code == 302 and response["Location"].endswith("/card/verify")
    verify = page_of(booking) + "/card/verify"
    token = csrf(client, verify)
    response = client.post(verify, {"decision": "approve", "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and "card_saved" in response["Location"]
    booking.refresh_from_db()
    assert booking.status == "confirmed"
    # The step is over: the verify page sends the guest back.
    assert client.get(verify).status_code == 302


def test_a_post_without_the_csrf_token_is_refused(place, client):
    booking = book(place)
    assert client.post(page_of(booking) + "/card", {"card_number": CARD_OK}).status_code == 403
    booking.refresh_from_db()
    assert booking.status == "awaiting_guarantee"


def test_the_guest_cancels_from_their_page(place, client, django_capture_on_commit_callbacks):
    booking = book(place)
    save_url = page_of(booking) + "/card"
    post(client, save_url, {"card_number": CARD_OK}, page=page_of(booking))
    unconfirmed = post(client, page_of(booking) + "/cancel", {}, page=page_of(booking))
    assert unconfirmed.status_code == 422
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, page_of(booking) + "/cancel", {"confirm": "on"}, page=page_of(booking))
    assert response.status_code == 302
    assert sent_mail()[-1].subject == "Your booking at Chez Garantie is cancelled"
    booking.refresh_from_db()
    assert (booking.status, booking.cancellation_reason) == ("cancelled", "guest_self_service")
    assert event_types(booking) == [
        "reservation.created",
        "reservation.cancelled",
        "reservation.guarantee_released",  # cancelled in time: the card is let go
    ]
    cancelled = booking.events.get(type="reservation.cancelled")
    assert cancelled.data["cancellation_reason"] == "guest_self_service"
    assert booking.guarantee_status == "released"
    text = client.get(page_of(booking) + "?lang=en").content.decode()
    assert 'data-status="cancelled"' in text and 'id="cancel-form"' not in text


def test_an_expired_request_shows_its_state_instead_of_an_error(place, client, clock):
    from reservations.services.card_guarantee import sweep_card_requests

    booking = book(place)
    csrf(client, page_of(booking))  # the guest had the page open
    clock.move_to(booking.guarantee_expires_at + dt.timedelta(seconds=1))
    sweep_card_requests()
    page = client.get(page_of(booking) + "?lang=en")
    assert page.status_code == 200
    assert "cancelled because no card was saved before the deadline" in page.content.decode()
    late = post(client, page_of(booking) + "/card", {"card_number": CARD_OK}, page=page_of(booking))
    assert late.status_code == 302 and late["Location"].endswith("notice=lapsed")
    told = client.get(late["Location"]).content.decode()
    assert "the restaurant released the table. You can book again." in told and 'id="book-again"' in told


def test_feedback_once_after_a_completed_visit(place, client):
    from webhooks.models import Event

    guest = GuestFactory(restaurant=place.restaurant)
    visit = ReservationFactory(restaurant=place.restaurant, shift=place.shift, guest=guest, status="completed")
    page = client.get(page_of(visit) + "?lang=en").content.decode()
    assert 'id="feedback-form"' in page
    bad = post(client, page_of(visit) + "/feedback", {"rating": "9"}, page=page_of(visit))
    assert bad.status_code == 422
    response = post(client, page_of(visit) + "/feedback", {"rating": "4", "comment": "Lovely"}, page=page_of(visit))
    assert response.status_code == 302
    event = Event.objects.get(type="feedback.received")
    assert event.data["object"]["reservation"] == visit.public_id
    assert (event.data["object"]["rating"], event.data["object"]["comment"]) == (4, "Lovely")
    again = client.get(page_of(visit) + "?lang=en").content.decode()
    assert 'id="feedback-form"' not in again and "You rated your visit 4 out of 5" in again
    post(client, page_of(visit) + "/feedback", {"rating": "1"}, page=page_of(visit))
    assert Event.objects.filter(type="feedback.received").count() == 1


# The public booking page.


def test_the_booking_page_offers_the_apis_times_and_books_as_the_widget(place, client):
    url = f"/book/{place.restaurant.slug}"
    page = client.get(url, {"date": DAY.isoformat(), "party_size": 2, "lang": "en"})
    assert page.status_code == 200
    text = page.content.decode()
    assert 'value="19:00"' in text and 'value="21:00"' in text
    assert "A card is asked to secure this booking (up to 30.00 EUR" in text
    submission = re.search(r'name="submission" value="([A-Za-z0-9]+)"', text).group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text).group(1)
    form = {
        "csrfmiddlewaretoken": token,
        "date": DAY.isoformat(),
        "party_size": "2",
        "submission": submission,
        "time": "20:00",
        "first_name": "Zoé",
        "last_name": "Martin",
        "email": "zoe@example.com",
        "phone": "",
        "notes": "",
    }
    response = client.post(url + "?lang=en", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    booking = Reservation.objects.get(guest__email="zoe@example.com")
    assert (booking.status, booking.source, booking.booking_channel) == ("awaiting_guest", "widget", "website_widget")
    assert response["Location"].startswith(page_of(booking))
    # The same form posted again (a double click): the same booking.
    again = client.post(url + "?lang=en", form)
    assert again.status_code == 302 and again["Location"].startswith(page_of(booking))
    assert Reservation.objects.filter(guest__email="zoe@example.com").count() == 1
    assert WidgetSubmission.objects.get(token=submission).reservation == booking
    assert not ReservationEvent.objects.filter(reservation=booking).exists()


def test_the_booking_page_refuses_bad_input_with_the_form_again(place, client):
    url = f"/book/{place.restaurant.slug}"
    assert client.get(url, {"date": "2026-13-40", "party_size": 2}).status_code == 400
    assert client.get(url, {"date": DAY.isoformat(), "party_size": 999}).status_code == 400
    token = csrf(client, f"{url}?date={DAY.isoformat()}&party_size=2")
    response = client.post(url, {"csrfmiddlewaretoken": token, "date": DAY.isoformat(), "party_size": "2"})
    assert response.status_code == 422
    assert client.get("/book/no-such-restaurant").status_code == 404


def test_the_pages_read_a_handful_of_queries(place, client, django_assert_max_num_queries):
    booking = book(place)
    with django_assert_max_num_queries(6):
        assert client.get(page_of(booking)).status_code == 200
    url = f"/book/{place.restaurant.slug}?date={DAY.isoformat()}&party_size=2"
    client.get(url)  # the engine's policy cached for the process
    with django_assert_max_num_queries(6):
        assert client.get(url).status_code == 200


def test_a_late_cancellation_is_announced_before_the_guest_cancels(place, client, clock):
    from reservations.services.card_guarantee import save_card

    booking = book(place)
    save_card(reservation=booking, card_number=CARD_OK)
    assert 'id="late-cancellation"' not in client.get(page_of(booking) + "?lang=en").content.decode()
    clock.move_to(booking.starts_at - dt.timedelta(hours=23))  # free cancellation ended 24 h before
    text = client.get(page_of(booking) + "?lang=en").content.decode()
    assert "the restaurant may charge up to 30.00 EUR" in text
    post(client, page_of(booking) + "/cancel", {"confirm": "on"}, page=page_of(booking))
    booking.refresh_from_db()
    assert (booking.status, booking.guarantee_status) == ("cancelled", "active")  # kept for the restaurant
    assert event_types(booking)[-1] == "reservation.cancelled"


def test_hostile_input_is_refused_never_a_500(place, client):
    booking = book(place)
    assert client.get(page_of(booking) + "/cancel").status_code == 405
    assert client.get(page_of(booking) + "/card").status_code == 405
    weird = client.get(page_of(booking) + "?lang=%3Cscript%3E&notice=%3Cb%3Ex")
    assert (
        weird.status_code == 200 and "<script>" not in weird.content.decode() and "<b>x" not in weird.content.decode()
    )
    huge = post(client, page_of(booking) + "/card", {"card_number": "4" * 5000}, page=page_of(booking))
    assert huge.status_code == 422
    nul = post(client, page_of(booking) + "/card", {"card_number": "4242\x004242"}, page=page_of(booking))
    assert nul.status_code in (302, 422)
    url = f"/book/{place.restaurant.slug}"
    page = client.get(url, {"date": DAY.isoformat(), "party_size": 2}).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    form = {
        "csrfmiddlewaretoken": token,
        "date": DAY.isoformat(),
        "party_size": "2",
        "submission": "A" * 32,
        "time": "19:00",
        "first_name": "Bad\x00Name",
        "last_name": "X" * 500,
        "email": "not-an-email",
    }
    response = client.post(url, form)
    assert response.status_code == 422
    assert not Reservation.objects.filter(guest__last_name__startswith="XXX").exists()
    form.update(first_name="Ok", last_name="Ok", email="ok@example.com", time="04:00")
    assert client.post(url, form).status_code == 422  # a time the day does not sell
    form.update(time="19:00", party_size="2000")
    assert client.post(url, form).status_code in (400, 422)


def test_a_field_in_error_points_to_its_message(place, client):
    booking = book(place)
    response = post(client, page_of(booking) + "/card?lang=en", {"card_number": ""}, page=page_of(booking))
    text = response.content.decode()
    assert response.status_code == 422
    assert 'aria-invalid="true"' in text and 'aria-describedby="id_card_number-errors"' in text
    assert 'id="id_card_number-errors"' in text
