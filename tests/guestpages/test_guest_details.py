"""What a guest expects on their booking's page and in its e-mails (issue 31 point 3): the restaurant's
address, phone and map link (set in the setup file and the admin, never on the partner API's
objects), an "add to calendar" file an RFC 5545 parser reads back in the restaurant's zone, the
e-mails' `lang` and attachments, and the site's icon."""

import datetime as dt
import zoneinfo

import pytest
import yaml
from django.test import Client
from icalendar import Calendar

from reservations.calendar import booking_ics
from reservations.emails import send as send_guest_email
from reservations.models import Restaurant
from tests.guarantees.conftest import CARD_OK, book, build_place
from tests.guestpages.test_pages import csrf, page_of
from tests.setup_file.helpers import example, load_text

ADDRESS = "12 rue de la Demo\n75011 Paris"


@pytest.fixture
def place(db, clock):
    place = build_place(guarantee_per_guest_amount=None, guarantee_from_party_size=None)
    Restaurant.objects.filter(pk=place.restaurant.pk).update(address=ADDRESS, phone="+33 1 23 45 67 89")
    place.restaurant.refresh_from_db()
    return place


@pytest.fixture
def client():
    return Client(enforce_csrf_checks=True)


def parse(ics: bytes):
    calendar = Calendar.from_ical(ics)
    (event,) = calendar.walk("VEVENT")
    return calendar, event


def test_the_page_shows_where_the_restaurant_is_and_how_to_call_it(place, client):
    text = client.get(page_of(book(place)) + "?lang=en").content.decode()
    assert "12 rue de la Demo<br>75011 Paris" in text
    assert 'href="tel:+33123456789"' in text and "Call +33 1 23 45 67 89" in text
    assert 'href="https://www.openstreetmap.org/search?query=12+rue+de+la+Demo+75011+Paris"' in text
    Restaurant.objects.filter(pk=place.restaurant.pk).update(map_url="https://maps.example/petit")
    assert (
        'href="https://maps.example/petit"' in client.get(page_of(book(place, email="b@example.com"))).content.decode()
    )


def test_the_calendar_file_reads_back_in_the_restaurants_zone(place, client):
    booking = book(place, at=dt.time(19, 30), party_size=3, language="fr")
    page = client.get(page_of(booking)).content.decode()
    assert 'id="add-to-calendar"' in page
    response = client.get(page_of(booking) + "/calendar.ics")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    assert response["Content-Disposition"] == f'attachment; filename="booking-{booking.public_id}.ics"'
    calendar, event = parse(response.content)
    paris = zoneinfo.ZoneInfo("Europe/Paris")
    assert event.decoded("dtstart") == dt.datetime(2026, 12, 5, 19, 30, tzinfo=paris)
    assert event.decoded("dtstart").tzinfo.key == "Europe/Paris"
    assert event.decoded("dtend") - event.decoded("dtstart") == dt.timedelta(hours=2)
    assert [tz["tzid"] for tz in calendar.walk("VTIMEZONE")] == ["Europe/Paris"]
    assert str(event["summary"]) == "Table chez Chez Garantie, 3 personnes"  # the guest's language
    assert str(event["location"]) == "12 rue de la Demo, 75011 Paris"
    assert booking.modification_token in str(event["url"]) and str(event["status"]) == "CONFIRMED"
    assert str(event["uid"]).startswith(booking.public_id + "@")


def test_a_cancelled_or_past_booking_offers_no_calendar(place, client):
    booking = book(place)
    booking.status = "cancelled"
    booking.save(update_fields=["status"])
    assert 'id="add-to-calendar"' not in client.get(page_of(booking)).content.decode()


def test_french_emails_say_lang_fr_and_carry_the_calendar_and_the_address(place):
    from django.core import mail

    booking = book(place, language="fr")
    assert send_guest_email(booking.pk, "confirmation") is True
    message = mail.outbox[-1]
    html = message.alternatives[0][0]
    assert '<html lang="fr">' in html and "Voir, modifier ou annuler votre réservation" in html
    assert "12 rue de la Demo<br>75011 Paris" in html and "Voir sur une carte" in html
    assert "Téléphone : +33 1 23 45 67 89" in message.body
    (name, content, mimetype) = message.attachments[0]
    assert (name, mimetype) == (f"booking-{booking.public_id}.ics", "text/calendar")
    _, event = parse(content.encode())
    assert event.decoded("dtstart").astimezone(dt.UTC) == booking.starts_at
    # A cancellation carries no calendar file, and an English guest reads lang="en".
    booking.status = "cancelled"
    booking.save(update_fields=["status"])
    english = book(place, email="en@example.com", language="en")
    english.status = "cancelled"
    english.save(update_fields=["status"])
    assert send_guest_email(english.pk, "cancellation") is True
    assert not mail.outbox[-1].attachments and '<html lang="en">' in mail.outbox[-1].alternatives[0][0]


def test_the_partner_api_objects_keep_the_contracts_fields(place, make_client):
    api = make_client(place.restaurant)
    booking = book(place)
    for path in ("/v1/configuration", f"/v1/reservations/{booking.public_id}"):
        body = api.get(path).content.decode()
        assert "rue de la Demo" not in body and "+33 1 23 45 67 89" not in body
        assert "guest_changes_allowed" not in body and "map_url" not in body


def test_the_setup_file_sets_the_guest_details(db, tmp_path):
    data = example()
    data["restaurant"].update(
        address="1 Main Street\nSpringfield", phone="+1 555 0100", map_url="https://maps.example/x",
        guest_changes_allowed=False,
    )  # fmt: skip
    run = load_text(yaml.safe_dump(data), tmp_path)
    assert run.code == 0, run.stderr
    restaurant = Restaurant.objects.get(public_id=run.json["restaurant"])
    assert (restaurant.address, restaurant.phone) == ("1 Main Street\nSpringfield", "+1 555 0100")
    assert (restaurant.map_link, restaurant.guest_changes_allowed) == ("https://maps.example/x", False)
    data["restaurant"].update(slug="other", map_url="not a url")
    bad = load_text(yaml.safe_dump(data), tmp_path)
    assert bad.code != 0 and "map_url" in bad.stderr + bad.stdout


def test_the_site_icon_is_served(db):
    from django.contrib.staticfiles import finders

    response = Client().get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/site/favicon.ico"
    with open(finders.find("site/favicon.ico"), "rb") as icon:
        assert icon.read(4) == b"\x00\x00\x01\x00"  # an ICO file
    assert 'rel="icon" href="/static/site/favicon.ico"' in Client().get("/book/nowhere").content.decode()


def test_a_lapsed_card_step_says_so_and_offers_to_book_again(db, clock, client):
    card_place = build_place()
    booking = book(card_place)
    csrf(client, page_of(booking))
    clock.move_to(booking.guarantee_expires_at + dt.timedelta(seconds=1))
    late = client.post(
        page_of(booking) + "/card?lang=en",
        {"card_number": CARD_OK, "csrfmiddlewaretoken": client.cookies["csrftoken"].value},
    )
    assert late["Location"].endswith("notice=lapsed")
    booking.refresh_from_db()
    assert (booking.status, booking.cancellation_reason) == ("cancelled", "guarantee_expired")
    text = client.get(late["Location"]).content.decode()
    assert "You can book again" in text and f'href="/book/{card_place.restaurant.slug}?lang=en" id="book-again"' in text


def test_the_calendar_files_time_zone_is_the_one_icalendar_writes_for_each_zone(place):
    """booking_ics keeps each zone's VTIMEZONE once built: the file still carries what icalendar's
    own add_missing_timezones() writes, the restaurant's zone and no other's, however often asked."""
    booking = book(place, at=dt.time(19, 30))
    for zone_name in ("Europe/Paris", "America/New_York", "Europe/Paris"):
        Restaurant.objects.filter(pk=place.restaurant.pk).update(timezone=zone_name)
        booking.restaurant.refresh_from_db()
        calendar, event = parse(booking_ics(booking))
        reference = Calendar()
        reference.add_component(event)
        reference.add_missing_timezones()
        assert [tz.to_ical() for tz in calendar.walk("VTIMEZONE")] == [reference.walk("VTIMEZONE")[0].to_ical()]
        assert calendar.walk("VTIMEZONE")[0]["tzid"] == zone_name
