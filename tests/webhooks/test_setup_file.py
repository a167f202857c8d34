"""The setup file's `webhook_endpoints`: created by `load_restaurant`, each secret printed in the
id map; imported bookings announce nothing; a later change to an imported booking neither."""

import pytest
import yaml

from tests.setup_file.helpers import example, load_text
from tests.setup_file.test_bookings import BOOKINGS
from tests.webhooks.conftest import flush
from webhooks.models import Endpoint, Event
from webhooks.selectors import current_secret

pytestmark = pytest.mark.django_db


def test_endpoints_are_created_and_their_secrets_printed(tmp_path, receiver):
    document = example()
    document.update(BOOKINGS)
    document["webhook_endpoints"] = [
        {"key": "main", "url": receiver.url, "events": ["*"]},
        {"key": "crm", "url": "https://crm.example.com/in", "events": ["reservation.created"],
         "api_version": "2026-06-27", "description": "CRM", "enabled": False},
    ]  # fmt: skip
    run = load_text(yaml.safe_dump(document, allow_unicode=True), tmp_path)
    assert run.code == 0, run.stderr
    printed = run.json["webhook_endpoints"]
    assert set(printed) == {"main", "crm"}
    main = Endpoint.objects.get(public_id=printed["main"]["id"])
    crm = Endpoint.objects.get(public_id=printed["crm"]["id"])
    assert printed["main"]["secret"] == current_secret(main) and printed["main"]["secret"].startswith("whsec_")
    assert printed["main"]["secret"] not in main.secret_encrypted
    assert (main.url, main.events, main.enabled) == (receiver.url, ["*"], True)
    assert (crm.events, crm.enabled, crm.description) == (["reservation.created"], False, "CRM")
    # The imported bookings announce nothing (contract, reservation event rule 4), not even a later change.
    from rest_framework.test import APIClient

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {run.json['api_keys']['full']}")
    imported = run.json["reservations"]["r1"]
    changed = api.patch(f"/v1/reservations/{imported}", {"guest_notes": "Terrace"}, format="json")
    assert changed.status_code == 200, changed.content
    assert [e["type"] for e in api.get(f"/v1/reservations/{imported}/events").json()["data"]] == ["reservation.updated"]
    flush()
    assert not Event.objects.filter(type__startswith="reservation.").exists()
    assert receiver.requests == []
