"""What the guest pages' HTML promises assistive technology and a guest who got something wrong,
through Django's test client: a refused form is said in the title and summarised at the top with a
link to each field; a page rendered again by a refused post keeps its forms and language links on the
booking's (or entry's) own address; an unknown address answers the guests' own 404 page, at a known
restaurant in its look and the guest's language; each language link names its language in itself.
The browser's side (axe-core, focus, sizes) is tests/e2e/test_guest_pages_axe.py."""

import datetime as dt
import re

import pytest
from django.test import Client

from guests.services import GuestInput
from tests.guarantees.conftest import CARD_DECLINED, CARD_OK, DAY, book, build_place
from tests.guestpages.test_pages import csrf, page_of, post
from waitlist.services import join_from_widget

FORM_ACTION = re.compile(r'<form method="post" action="([^"]*)"')
LANGUAGE_LINK = re.compile(
    r'<a href="([^"]*)" lang="(\w+)" hreflang="\w+"[^>]*>(\w+)<span class="visually-hidden"> ([^<]+)</span>'
)


@pytest.fixture
def place(db, clock):
    return build_place()


@pytest.fixture
def client():
    return Client(enforce_csrf_checks=True)


def test_a_declined_card_renders_forms_that_still_post_to_the_booking(place, client):
    booking = book(place)
    own = page_of(booking)
    refused = post(client, own + "/card?lang=en", {"card_number": CARD_DECLINED}, page=own)
    text = refused.content.decode()
    assert refused.status_code == 422 and "<title>Error: Your booking" in text
    assert FORM_ACTION.findall(text) == [own + "/card?lang=en", own + "/cancel?lang=en"]
    assert {href for href, *_ in LANGUAGE_LINK.findall(text)} == {own + "?lang=en", own + "?lang=fr"}
    # The retry from the refused page's own form saves the card.
    again = client.post(own + "/card?lang=en", {"card_number": CARD_OK, "csrfmiddlewaretoken": csrf(client, own)})
    assert again.status_code == 302 and again["Location"].endswith("notice=card_saved")


def test_a_refused_waitlist_change_renders_forms_that_post_to_the_entry(client, db, clock):
    place = build_place(guarantee_from_party_size=None, guarantee_per_guest_amount=None, waitlist_enabled=True)
    book(place, party_size=4, at=dt.time(19, 30))
    entry = join_from_widget(
        restaurant=place.restaurant,
        guest=GuestInput(first_name="Léa", last_name="Martin", email="lea@example.com", language="en"),
        service_date=DAY,
        party_size=4,
        window_start=dt.time(19, 30),
        window_end=dt.time(21, 0),
    )
    own = f"/book/{place.restaurant.slug}/waitlist/{entry.guest_token}"
    data = {"party_size": "", "window_start": "19:30", "window_end": "21:00"}
    refused = post(client, own + "/change?lang=en", data, page=own)
    text = refused.content.decode()
    assert refused.status_code == 422 and "<title>Error: Your waitlist request" in text
    assert FORM_ACTION.findall(text) == [own + "/change?lang=en", own + "/leave?lang=en"]
    assert '<a href="#id_party_size">Guests: This field is required.</a>' in text


def test_a_refused_booking_form_is_summarised_with_a_link_to_each_field(place, client):
    url = f"/book/{place.restaurant.slug}"
    token = csrf(client, f"{url}?date={DAY.isoformat()}&party_size=2")
    form = {"csrfmiddlewaretoken": token, "date": DAY.isoformat(), "party_size": "2", "submission": "s" * 32}
    for language, title, time_error in [
        ("en", "Error: Book a table", "Choose a time."),
        ("fr", "Erreur: ", "Choisissez"),
    ]:
        response = client.post(f"{url}?lang={language}", form)
        text = response.content.decode()
        assert response.status_code == 422 and f"<title>{title}" in text
        summary = re.search(r'<div class="error-summary" role="alert".*?</div>', text, re.S).group(0)
        targets = re.findall(r'<a href="#([\w-]+)">', summary)
        assert targets == ["time", "id_first_name", "id_last_name", "id_email"]
        assert all(f'id="{target}"' in text for target in targets)
        assert time_error in summary and text.index('id="error-summary"') < text.index('id="search-title"')
        assert '<fieldset aria-describedby="time-errors">' in text and 'id="time-errors"' in text
    page = client.get(url, {"date": DAY.isoformat(), "party_size": 2, "lang": "en"}).content.decode()
    assert 'id="error-summary"' not in page and "<title>Book a table" in page


def test_an_unknown_address_at_a_restaurant_answers_its_own_404_in_the_guests_language(place, client):
    slug = place.restaurant.slug
    booking = book(place)
    for path in (f"/book/{slug}/{'x' * 32}", f"/book/{slug}/waitlist/{'x' * 32}", f"/book/{slug}/short"):
        response = client.get(path, {"lang": "fr"})
        text = response.content.decode()
        assert response.status_code == 404, path
        assert '<html lang="fr">' in text and "Page introuvable" in text and place.restaurant.name in text
        assert f'href="/book/{slug}?lang=fr" id="book-a-table"' in text
        assert response["Cache-Control"] == "no-store" and response["X-Robots-Tag"] == "noindex"
    # Another restaurant's booking is as unknown here as a made-up token.
    other = build_place()
    assert client.get(f"/book/{other.restaurant.slug}/{booking.modification_token}").status_code == 404


def test_an_unknown_restaurant_or_address_answers_the_guests_404(db, client):
    for path in ("/book/no-such-restaurant", "/book/no-such-restaurant/waitlist", "/book/a/b/c/d"):
        response = client.get(path)
        text = response.content.decode()
        assert response.status_code == 404, path
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
        assert '<html lang="en' in text and "<main" in text and "<h1>Page not found</h1>" in text


def test_each_language_link_names_its_language_in_itself(place, client):
    text = client.get(f"/book/{place.restaurant.slug}?lang=en").content.decode()
    links = {code: (visible, name) for _, code, visible, name in LANGUAGE_LINK.findall(text)}
    assert links == {"fr": ("FR", "Français"), "en": ("EN", "English")}
    assert re.search(r'lang="en" hreflang="en" aria-current="true"', text)
