"""A request the document allows is served by gunicorn, not refused before Django sees it."""

import requests

from tests.factories import RestaurantFactory, make_key


def test_a_list_of_a_hundred_of_the_longest_ids_is_served(live_gunicorn, transactional_db):
    """`id` takes 100 ids of up to 64 characters: about 6,800 bytes of request line once the commas
    are escaped. gunicorn's default limit (4,094) answered an HTML 414 (fuzzer); gunicorn.conf.py
    raises it to 8,190, gunicorn's most."""
    _, secret = make_key(RestaurantFactory(), ["reservations:read"])
    ids = ",".join("resv_" + f"{n:02d}" * 29 + "x" for n in range(100))
    response = requests.get(
        f"{live_gunicorn}/v1/reservations",
        params={"id": ids, "updated_since": "2026-12-01T10:00:00.123456+01:00", "limit": "100"},
        headers={"Authorization": f"Bearer {secret}"},
        timeout=30,
    )
    assert len(response.request.url) > 6_000
    assert response.status_code == 200, response.text[:300]
    assert response.json() == {"object": "list", "data": [], "has_more": False}
