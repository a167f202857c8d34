"""One lock error (issue 32 point 4): a wait for the restaurant's lock past `lock_timeout` is the
domain's `LockTimeout`, raised by the database backend, and every surface answers it in its own
terms: the API's 429 envelope, the host's page and the admin in words, the guest's page, a
command's exit code. The lock is held for real by another connection, in another thread."""

import threading
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, connections, transaction
from django.test import Client

from apikeys.models import ApiKey
from config.exceptions import LockTimeout
from config.locking import TransactionRequired, lock_restaurant
from config.versions import LATEST_VERSION
from reservations.models import Reservation
from tests.factories import MembershipFactory, make_key
from tests.guarantees.conftest import book, build_place, clock  # noqa: F401  (the fixed instant)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def place(clock, monkeypatch):  # noqa: F811  (the imported fixture)
    import config.locking as locking

    monkeypatch.setattr(locking, "LOCK_WAIT", "200ms")
    return build_place(guarantee_per_guest_amount=None, guarantee_from_party_size=None)


class HeldLock:
    """The restaurant's advisory lock held by another connection until the block ends."""

    def __init__(self, restaurant_pk: int):
        self.pk, self.holding, self.release = restaurant_pk, threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._hold)

    def _hold(self):
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [self.pk])
                self.holding.set()
                self.release.wait(20)
        finally:
            connections.close_all()

    def __enter__(self):
        self.thread.start()
        assert self.holding.wait(10)
        return self

    def __exit__(self, *exc):
        self.release.set()
        self.thread.join(20)


def test_the_backend_raises_the_domains_error_and_the_lock_needs_a_transaction(place):
    with HeldLock(place.restaurant.pk), pytest.raises(LockTimeout), transaction.atomic():
        lock_restaurant(place.restaurant.pk)
    with pytest.raises(TransactionRequired):
        lock_restaurant(place.restaurant.pk)


def test_the_api_answers_429_lock_timeout(place):
    from rest_framework.test import APIClient

    booking = book(place)
    _, secret = make_key(place.restaurant, ["reservations:read", "reservations:write"])
    api = APIClient(HTTP_AUTHORIZATION=f"Bearer {secret}")
    with HeldLock(place.restaurant.pk):
        response = api.post(f"/v1/reservations/{booking.public_id}/cancel")
    assert response.status_code == 429 and response["Retry-After"] == "1"
    assert (response.json()["error"]["type"], response.json()["error"]["code"]) == ("rate_limit_error", "lock_timeout")
    assert Reservation.objects.get(pk=booking.pk).status == "confirmed"


def test_the_guests_page_says_busy_in_their_language(place):
    booking = book(place, language="fr")
    client = Client()
    page = f"/book/{place.restaurant.slug}/{booking.modification_token}"
    client.get(page)
    with HeldLock(place.restaurant.pk):
        response = client.post(
            page + "/cancel", {"confirm": "on", "csrfmiddlewaretoken": client.cookies["csrftoken"].value}
        )
    assert response.status_code == 503 and response["Retry-After"] == "2"
    text = response.content.decode()
    assert "Le restaurant est très occupé" in text and "Rien n'a été modifié" in text
    assert Reservation.objects.get(pk=booking.pk).status == "confirmed"


def test_the_hosts_move_says_busy_in_words(place):
    booking = book(place)
    host = MembershipFactory(restaurant=place.restaurant, role="host").user
    client = Client()
    client.force_login(host)
    form = {"reservation": booking.public_id, "action": "cancel", "reason": "asked", "view": "list"}
    with HeldLock(place.restaurant.pk):
        tapped = client.post("/admin/day/move/", form, HTTP_HX_REQUEST="true")
        posted = client.post("/admin/day/move/", form, follow=True)
    assert tapped.status_code == 200 and "The restaurant is busy" in tapped.content.decode()
    assert "The restaurant is busy" in posted.content.decode()
    assert Reservation.objects.get(pk=booking.pk).status == "confirmed"


def test_an_admin_form_says_busy_and_saves_nothing(place):
    owner = MembershipFactory(restaurant=place.restaurant, role="owner").user
    client = Client()
    client.force_login(owner)
    add = "/admin/apikeys/apikey/add/"
    form = {"name": "Busy key", "restaurant": place.restaurant.pk, "scopes": ["reservations:read"]}
    form["api_version"] = LATEST_VERSION
    with HeldLock(place.restaurant.pk):
        response = client.post(add, form, HTTP_REFERER=f"http://testserver{add}")
    assert response.status_code == 302 and response["Location"] == f"http://testserver{add}"
    page = client.get(add).content.decode()
    assert "The restaurant is busy: another change held it too long. Nothing was saved; try again." in page
    assert not ApiKey.objects.filter(name="Busy key").exists()


def test_a_command_exits_75(place):
    booking = book(place)
    with HeldLock(place.restaurant.pk), pytest.raises(CommandError, match="run the command again") as failure:
        call_command("booking", "cancel", booking.public_id, "--reason", "asked", stdout=StringIO())
    assert failure.value.returncode == 75
    assert Reservation.objects.get(pk=booking.pk).status == "confirmed"
