"""The back office of card guarantees: hosts charge, refund and release on their own restaurant only."""

import pytest
from django.test import Client

from reservations.models import Reservation
from tests.factories import MembershipFactory, RestaurantFactory
from tests.factories.guarantees import CardGuaranteeFactory, FeedbackFactory


def host_of(restaurant, role="host") -> Client:
    membership = MembershipFactory(restaurant=restaurant, role=role)
    client = Client()
    client.force_login(membership.user)
    return client


@pytest.fixture
def card(db):
    card = CardGuaranteeFactory()
    Reservation.objects.filter(pk=card.reservation_id).update(status="no_show")
    card.reservation.refresh_from_db()
    return card


def money_url(card) -> str:
    return f"/admin/reservations/cardguarantee/{card.pk}/money/"


def test_a_host_charges_part_of_a_no_show_then_refunds_it(card):
    client = host_of(card.restaurant)
    listing = client.get("/admin/reservations/cardguarantee/")
    assert listing.status_code == 200 and card.reservation.public_id in listing.content.decode()
    page = client.get(money_url(card))
    assert page.status_code == 200 and "30.00 EUR" in page.content.decode()

    response = client.post(money_url(card), {"operation": "charge", "amount": "1200"})
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.charged == 1200
    assert card.charges.get().staff == card.reservation.restaurant.memberships.get().user.get_username()
    assert card.reservation.events.order_by("id").last().type == "reservation.guarantee_charged"

    client.post(money_url(card), {"operation": "refund", "amount": "200"})
    card.refresh_from_db()
    assert card.refunded == 200


def test_a_refusal_is_shown_on_the_form_and_changes_nothing(card):
    client = host_of(card.restaurant)
    response = client.post(money_url(card), {"operation": "charge", "amount": "999999"})
    assert response.status_code == 200 and "payment_amount_invalid" in response.content.decode()
    response = client.post(money_url(card), {"operation": "charge", "amount": "12.5"})
    assert response.status_code == 200
    card.refresh_from_db()
    assert card.charged == 0 and not card.charges.exists()


def test_another_restaurants_host_cannot_see_or_charge_it(card):
    stranger = host_of(RestaurantFactory())
    assert card.reservation.public_id not in stranger.get("/admin/reservations/cardguarantee/").content.decode()
    assert stranger.post(money_url(card), {"operation": "charge"}).status_code in (302, 403, 404)
    card.refresh_from_db()
    assert card.charged == 0


def test_the_release_action_and_the_feedback_list(card):
    Reservation.objects.filter(pk=card.reservation_id).update(status="completed")
    client = host_of(card.restaurant)
    response = client.post(
        "/admin/reservations/cardguarantee/", {"action": "release", "_selected_action": [card.pk]}, follow=True
    )
    assert response.status_code == 200
    card.reservation.refresh_from_db()
    assert card.reservation.guarantee_status == "released"
    feedback = FeedbackFactory(reservation__restaurant=card.restaurant, comment="Parfait")
    assert "Parfait" in client.get("/admin/reservations/feedback/").content.decode()
    assert feedback.public_id in client.get("/admin/reservations/feedback/").content.decode()


def test_the_restaurant_page_offers_the_payment_provider(db):
    restaurant = RestaurantFactory()
    client = host_of(restaurant, role="owner")
    page = client.get(f"/admin/reservations/restaurant/{restaurant.pk}/change/").content.decode()
    assert 'name="payment_provider"' in page and "Stripe" in page
