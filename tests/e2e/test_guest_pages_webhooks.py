"""A guest books a guaranteed slot on the public page and saves a card in Chromium; the partner's
webhook receiver (a real one on loopback, signatures verified with `standardwebhooks`) gets nothing
during the card step, then `reservation.created` with the confirmed booking."""

import datetime as dt

from standardwebhooks.webhooks import Webhook

from deploy import receiver as receiver_module
from reservations.models import Reservation, Restaurant
from tests.e2e.test_guest_pages import DESKTOP, book_on_the_public_page, world  # noqa: F401
from tests.factories.webhooks import EndpointFactory
from tests.webhooks.conftest import flush


def test_the_partners_receiver_gets_reservation_created_once_the_card_is_saved(
    live_gunicorn,
    new_page,
    world,  # noqa: F811  (the fixture imported above)
    settings,
):
    settings.WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.0/8"]  # the receiver listens on loopback
    with receiver_module.Receiver() as receiver:
        endpoint = EndpointFactory(restaurant=Restaurant.objects.get(slug="chez-carte"), url=receiver.url)
        page = new_page(**DESKTOP)
        when = dt.date.today() + dt.timedelta(days=15)
        book_on_the_public_page(page, live_gunicorn, email="hook@example.com", when=when)
        flush()
        assert [r for r in receiver.requests if b'"reservation.' in r.body] == []  # withheld during the card step

        page.get_by_label("Card number").fill("4242 4242 4242 4242")
        page.get_by_role("button", name="Save my card").click()
        page.wait_for_url("**notice=card_saved")
        flush()

        booking = Reservation.objects.get(guest__email="hook@example.com")
        hook = Webhook(endpoint.secret)
        payloads = [hook.verify(request.body, request.headers) for request in receiver.requests]
        created = [p for p in payloads if p["type"].startswith("reservation.")]
        assert [p["type"] for p in created] == ["reservation.created"]
        snapshot = created[0]["data"]["object"]
        assert (snapshot["id"], snapshot["status"]) == (booking.public_id, "confirmed")
        assert (snapshot["source"], snapshot["booking_channel"]) == ("widget", "website_widget")
        assert snapshot["guarantee"]["status"] == "active"
