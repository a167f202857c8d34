"""The waitlist from the guest's side, through Django's test client (plain form posts): join from the
booking page when the party's time is full, change or leave from the entry's page, accept an offer."""

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone

from config.formats import zone
from guests.models import Guest
from reservations.models import Reservation
from tests.guarantees.conftest import DAY, book, build_place, sent_mail
from waitlist.models import WaitlistEntry, WaitlistStatus
from waitlist.services import cancel_entry, offer_entry
from webhooks.models import Event


@pytest.fixture
def place(db, clock):
    """Dinner 19:00-22:00 with its waitlist open and no card; the table for four taken at 19:30."""
    place = build_place(guarantee_from_party_size=None, guarantee_per_guest_amount=None, waitlist_enabled=True)
    book(place, party_size=4, at=dt.time(19, 30), email="first@example.com")
    return place


@pytest.fixture
def client():
    return Client(enforce_csrf_checks=True)


def token_of(client, url) -> str:
    page = client.get(url)
    found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.content)
    return found.group(1).decode() if found else client.cookies["csrftoken"].value


def join_url(place, party=4) -> str:
    return f"/book/{place.restaurant.slug}/waitlist?date={DAY.isoformat()}&party_size={party}&lang=en"


def join(client, place, party=4, submission="s" * 32, **fields):
    data = {
        "csrfmiddlewaretoken": token_of(client, join_url(place, party)),
        "date": DAY.isoformat(),
        "party_size": party,
        "submission": submission,
        "window_start": "19:30",
        "window_end": "21:00",
        "first_name": "Léa",
        "last_name": "Martin",
        "email": "lea@example.com",
        "phone": "",
        "notes": "",
        **fields,
    }
    return client.post(join_url(place, party), data)


def events(type_prefix="waitlist_entry.") -> list[str]:
    return list(Event.objects.filter(type__startswith=type_prefix).order_by("id").values_list("type", flat=True))


def test_the_booking_page_offers_the_waitlist_when_the_partys_time_is_full(place, client):
    page = client.get(f"/book/{place.restaurant.slug}?date={DAY.isoformat()}&party_size=4&lang=en")
    text = page.content.decode()
    assert page.status_code == 200 and 'id="join-waitlist"' in text
    assert f"/book/{place.restaurant.slug}/waitlist?date={DAY.isoformat()}&amp;party_size=4" in text


def test_the_join_form_proposes_the_full_times_as_the_window(place, client):
    text = client.get(join_url(place)).content.decode()
    start = re.search(r'name="window_start" value="([0-9:]+)"', text)
    end = re.search(r'name="window_end" value="([0-9:]+)"', text)
    assert start and end and start.group(1) <= "19:30" <= end.group(1), (start, end)


def test_no_waitlist_offer_when_the_service_waitlist_is_off_or_the_widget_is_off(db, clock, client):
    closed = build_place(guarantee_from_party_size=None, guarantee_per_guest_amount=None, waitlist_enabled=False)
    book(closed, party_size=4, at=dt.time(19, 30), email="first@example.com")
    page = client.get(f"/book/{closed.restaurant.slug}?date={DAY.isoformat()}&party_size=4&lang=en")
    assert 'id="join-waitlist"' not in page.content.decode()
    refused = join(client, closed)
    assert refused.status_code == 422 and "The waitlist is not open for this time" in refused.content.decode()
    assert WaitlistEntry.objects.count() == 0 and events() == []


def test_joining_creates_a_widget_entry_for_the_matched_guest_and_a_second_post_is_harmless(place, client):
    known = Guest.objects.get(email="first@example.com")
    answer = join(client, place, email="FIRST@example.com")
    assert answer.status_code == 302
    entry = WaitlistEntry.objects.get()
    assert answer["Location"] == f"/book/{place.restaurant.slug}/waitlist/{entry.guest_token}?lang=en&notice=joined"
    assert entry.joined_via == "widget" and entry.guest_id == known.pk and entry.party_size == 4
    assert (entry.window_start, entry.window_end) == (dt.time(19, 30), dt.time(21, 0))
    assert len(entry.guest_token) == 32 and entry.guest_token.isalnum()
    again = join(client, place, email="FIRST@example.com")
    assert again.status_code == 302 and again["Location"] == answer["Location"]
    assert WaitlistEntry.objects.count() == 1 and events() == ["waitlist_entry.created"]
    page = client.get(answer["Location"])
    assert page.status_code == 200 and "You are on the waitlist" in page.content.decode()
    assert 'data-status="active"' in page.content.decode() and page["Cache-Control"] == "no-store"


def test_a_new_guest_is_created_and_an_inverted_window_is_refused(place, client):
    refused = join(client, place, window_start="21:00", window_end="19:30")
    assert refused.status_code == 422 and "must be after its start" in refused.content.decode()
    assert WaitlistEntry.objects.count() == 0
    assert join(client, place, submission="t" * 32).status_code == 302
    assert WaitlistEntry.objects.get().guest.email == "lea@example.com"
    assert events("guest.created")[-1] == "guest.created"


def test_the_guest_changes_window_and_party_then_leaves(place, client):
    join(client, place)
    entry = WaitlistEntry.objects.get()
    url = f"/book/{place.restaurant.slug}/waitlist/{entry.guest_token}"
    token = token_of(client, url)
    changed = client.post(
        url + "/change?lang=en",
        {"csrfmiddlewaretoken": token, "party_size": 3, "window_start": "20:00", "window_end": "21:30"},
    )
    assert changed.status_code == 302 and changed["Location"].endswith("notice=changed")
    entry.refresh_from_db()
    assert (entry.party_size, entry.window_start, entry.window_end) == (3, dt.time(20), dt.time(21, 30))
    assert events() == ["waitlist_entry.created", "waitlist_entry.updated"]
    unconfirmed = client.post(url + "/leave", {"csrfmiddlewaretoken": token})
    assert unconfirmed.status_code == 422
    assert client.post(url + "/leave", {"csrfmiddlewaretoken": token, "confirm": "on"}).status_code == 302
    entry.refresh_from_db()
    assert entry.status == WaitlistStatus.CANCELLED
    assert events() == ["waitlist_entry.created", "waitlist_entry.updated", "waitlist_entry.cancelled"]
    # A left entry can no longer be changed: the page offers no form, a post changes nothing.
    page = client.get(url + "?lang=en").content.decode()
    assert 'id="change-form"' not in page and "Left the waitlist" in page
    late = client.post(
        url + "/change", {"csrfmiddlewaretoken": token, "party_size": 2, "window_start": "20:00", "window_end": "21:00"}
    )
    assert late.status_code == 302 and late["Location"].endswith("notice=closed")
    entry.refresh_from_db()
    assert entry.party_size == 3 and len(events()) == 3


def test_the_guest_accepts_an_offer_and_gets_a_booking(place, client):
    join(client, place, party=2, window_start="20:00", window_end="21:00")
    entry = WaitlistEntry.objects.get()
    url = f"/book/{place.restaurant.slug}/waitlist/{entry.guest_token}"
    token = token_of(client, url)
    assert 'id="accept-form"' not in client.get(url).content.decode()  # nothing offered yet
    offer_entry(entry=entry, start_time=dt.time(20, 30), minutes=30)
    page = client.get(url + "?lang=en").content.decode()
    assert 'id="accept-form"' in page and "offers you a table at 20:30" in page
    accepted = client.post(url + "/accept?lang=en", {"csrfmiddlewaretoken": token})
    entry.refresh_from_db()
    assert entry.status == WaitlistStatus.PROMOTED
    booking = entry.reservation
    assert accepted.status_code == 302
    assert accepted["Location"] == f"/book/{place.restaurant.slug}/{booking.modification_token}?lang=en&notice=booked"
    assert booking.source == "waitlist" and booking.booking_channel == "website_widget"
    local = timezone.localtime(booking.starts_at, zone(place.restaurant.timezone))
    assert local.time() == dt.time(20, 30) and booking.party_size == 2
    assert events()[-1] == "waitlist_entry.promoted"
    twice = client.post(url + "/accept", {"csrfmiddlewaretoken": token})
    assert twice.status_code == 302 and Reservation.objects.filter(source="waitlist").count() == 1


def test_a_lapsed_offer_cannot_be_accepted(place, client, clock):
    join(client, place, party=2, window_start="20:00", window_end="21:00")
    entry = WaitlistEntry.objects.get()
    url = f"/book/{place.restaurant.slug}/waitlist/{entry.guest_token}"
    token = token_of(client, url)
    offer_entry(entry=entry, start_time=dt.time(20, 30), minutes=5)
    clock.shift(dt.timedelta(minutes=6))
    assert 'id="accept-form"' not in client.get(url).content.decode()
    refused = client.post(url + "/accept", {"csrfmiddlewaretoken": token})
    assert refused.status_code == 302 and refused["Location"].endswith("notice=lapsed")
    entry.refresh_from_db()
    assert entry.status == WaitlistStatus.OFFERED and entry.reservation is None


def test_an_entry_token_opens_only_its_entry_at_its_restaurant(place, client):
    join(client, place)
    entry = WaitlistEntry.objects.get()
    other = build_place()
    assert client.get(f"/book/{other.restaurant.slug}/waitlist/{entry.guest_token}").status_code == 404
    assert client.get(f"/book/{place.restaurant.slug}/waitlist/{'x' * 32}").status_code == 404
    assert client.get(f"/book/{place.restaurant.slug}/waitlist/{entry.guest_token[:-1]}").status_code == 404
    assert client.get(f"/book/{place.restaurant.slug}/waitlist/..%2F..").status_code == 404


def test_a_french_guest_reads_the_entry_page_in_french(place, client):
    join(client, place, submission="f" * 32)
    entry = WaitlistEntry.objects.get()
    page = client.get(f"/book/{place.restaurant.slug}/waitlist/{entry.guest_token}?lang=fr")
    text = page.content.decode()
    assert page["Content-Language"] == "fr" and "Votre demande de liste d’attente" in text
    assert "Quitter la liste d" in text


def test_an_offer_reaches_the_guest_by_email_with_the_link_to_accept(place, client, locmem_mail):
    join(client, place, party=2, window_start="20:00", window_end="21:00")
    entry = WaitlistEntry.objects.get()
    offer_entry(entry=entry, start_time=dt.time(20, 30), minutes=30)
    sent = [m for m in sent_mail() if m.to == ["lea@example.com"]]
    assert len(sent) == 1
    message = sent[0]
    link = f"/book/{place.restaurant.slug}/waitlist/{entry.guest_token}"
    assert "Chez Garantie" in message.subject and "20:30" in message.body and link in message.body
    html = message.alternatives[0][0]
    assert link in html and "Accept the table" in html
    assert client.get(link).status_code == 200


def test_the_offer_email_is_in_french_for_a_french_guest_and_not_sent_once_withdrawn(place, client, locmem_mail):
    join(client, place, party=2, window_start="20:00", window_end="21:00", submission="f" * 32)
    entry = WaitlistEntry.objects.get()
    entry.guest.language = "fr"
    entry.guest.save(update_fields=["language"])
    offer_entry(entry=entry, start_time=dt.time(20, 30), minutes=30)
    french = [m for m in sent_mail() if m.to == ["lea@example.com"]]
    assert len(french) == 1 and "Une table est libre pour vous" in french[0].subject
    assert "Acceptez-la avant le" in french[0].body
    offer_entry(entry=entry, start_time=dt.time(20, 30), minutes=30)
    cancel_entry(entry=entry)
    assert len([m for m in sent_mail() if m.to == ["lea@example.com"]]) == 1  # withdrawn before the worker ran
