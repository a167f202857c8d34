"""Feedback after a visit (`feedback.received`), its invitation, and the guest e-mails' languages and parts."""

import datetime as dt

import pytest
from django.db import transaction

from reservations.models import Feedback, FeedbackInvitation
from reservations.payments.exceptions import FeedbackNotAllowed, PaymentInputInvalid
from reservations.services.feedback import invite_feedback, submit_feedback
from tests.factories import GuestFactory, ReservationFactory
from tests.guarantees.conftest import book, sent_mail
from webhooks.models import Event


def visit(place, **fields):
    guest = GuestFactory(restaurant=place.restaurant, email="fay@example.com", **fields.pop("guest", {}))
    fields.setdefault("status", "completed")
    return ReservationFactory(restaurant=place.restaurant, shift=place.shift, guest=guest, **fields)


def test_feedback_is_published_with_the_decided_payload(place):
    booking = visit(place)
    feedback = submit_feedback(reservation=booking, rating=5, comment="  Superb  ")
    assert feedback.public_id.startswith("fbk_") and feedback.comment == "Superb"
    event = Event.objects.get(type="feedback.received")
    assert event.restaurant_id == place.restaurant.pk
    assert event.data == {
        "object": {
            "object": "feedback",
            "id": feedback.public_id,
            "reservation": booking.public_id,
            "rating": 5,
            "comment": "Superb",
        }
    }


def test_feedback_is_taken_once_and_only_after_a_completed_visit(place):
    booking = visit(place)
    submit_feedback(reservation=booking, rating=3)
    with pytest.raises(FeedbackNotAllowed), transaction.atomic():
        submit_feedback(reservation=booking, rating=4)
    upcoming = visit(place, status="confirmed")
    with pytest.raises(FeedbackNotAllowed), transaction.atomic():
        submit_feedback(reservation=upcoming, rating=4)
    assert Feedback.objects.count() == 1 and Event.objects.filter(type="feedback.received").count() == 1


@pytest.mark.parametrize("rating", [0, 6, True, 4.0, "5"])
def test_a_rating_is_a_whole_number_from_1_to_5(place, rating):
    with pytest.raises(PaymentInputInvalid):
        submit_feedback(reservation=visit(place), rating=rating)


def test_a_completed_visit_is_invited_once_in_the_guests_language(place, django_capture_on_commit_callbacks):
    booking = visit(place, guest={"language": "fr"})
    with django_capture_on_commit_callbacks(execute=True):
        assert invite_feedback() == 1
    assert invite_feedback() == 0
    assert FeedbackInvitation.objects.filter(reservation=booking).exists()
    (message,) = sent_mail()
    assert message.subject == f"Comment s'est passée votre visite chez {place.restaurant.name} ?"
    assert booking.modification_token in message.body
    html, kind = message.alternatives[0]
    assert kind == "text/html" and '<html lang="' in html and booking.modification_token in html


def test_partner_managed_visits_get_no_invitation(place, django_capture_on_commit_callbacks):
    visit(place, guest_notifications="partner_managed")
    with django_capture_on_commit_callbacks(execute=True):
        invite_feedback()
    assert sent_mail() == []


def test_the_card_request_in_french_with_its_html_part(place, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        booking = book(place, language="fr")
    (message,) = sent_mail()
    assert message.subject == "Garantissez votre réservation chez Chez Garantie par carte"
    assert "samedi 5 décembre 2026, 19:30" in message.body and "30,00 EUR" in message.body
    assert "Merci d'enregistrer une carte avant le 3 décembre 2026, 10:00" in message.body
    html = message.alternatives[0][0]
    assert f"/book/{place.restaurant.slug}/{booking.modification_token}" in html and "Enregistrer une carte" in html
    assert booking.guarantee_expires_at == dt.datetime(2026, 12, 3, 9, 0, tzinfo=dt.UTC)


def test_an_english_guest_gets_english(place, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        book(place, language="en")
    (message,) = sent_mail()
    assert message.subject == "Please secure your booking at Chez Garantie with a card"
    assert "Saturday 5 December 2026, 19:30" in message.body
