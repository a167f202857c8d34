"""The TypeScript client (clients/typescript): its types are what the current document generates, and its
tests pass against the live service under gunicorn, run with the machine's Node (tsc, then node's test
runner, on the package as built in dist/).

The live tests (clients/typescript/test/live.test.ts) get a key of a restaurant made here, bookings
written here on one date (a list of several pages), and a webhook delivery the service really sent: a
hold made through the API, its `hold.created` event delivered to a receiver on loopback, the headers
and body handed over as the receiver got them.
"""

import datetime as dt
import hashlib
import json
import os
import re
import subprocess

import pytest
import requests
from django.conf import settings

from config.api.openapi import openapi_document
from deploy.receiver import Receiver
from reservations.models import Restaurant, Shift
from tests.factories import ReservationFactory
from webhooks.models import Endpoint
from webhooks.services import delivery

CLIENT = settings.BASE_DIR / "clients" / "typescript"
SEEDED = 25

SETUP = """
restaurant: {name: TypeScript Bistro, timezone: Europe/Paris, country: FR, currency: EUR, primary_language: en,
             max_advance_days: 60, max_party_size: 8}
floor_plans:
  - key: main
    name: Main
    sections:
      - key: room
        name: Room
        tables: [{name: "1", min: 1, max: 2}, {name: "2", min: 1, max: 2}, {name: "3", min: 1, max: 4},
                 {name: "4", min: 1, max: 4}, {name: "5", min: 2, max: 6}, {name: "6", min: 2, max: 6}]
shifts:
  - {key: dinner, name: Dinner, floor_plan: main, start_time: "18:00", end_time: "23:30", last_seating: "22:00"}
api_keys:
  - {key: partner, name: TypeScript tests, scopes: [reservations:read, reservations:write, guests:read]}
webhook_endpoints:
  - {key: hooks, url: "{url}", events: ["hold.created"]}
"""


def built_client() -> None:
    """clients/typescript/dist as its sources say (scripts/lib.sh builds it; rebuilt here if stale)."""
    parts = [CLIENT / "package-lock.json", CLIENT / "tsconfig.json", *sorted((CLIENT / "src").glob("*.ts"))]
    digest = hashlib.sha256(b"".join(path.read_bytes() for path in parts)).hexdigest()
    stamp = CLIENT / "dist" / ".sources.sha256"
    if not stamp.exists() or stamp.read_text().strip() != digest:
        subprocess.run(["npm", "run", "--silent", "build"], cwd=CLIENT, check=True, timeout=300)
        stamp.write_text(digest + "\n")


def node_tool(name: str) -> str:
    path = CLIENT / "node_modules" / ".bin" / name
    if not path.exists():
        pytest.fail(f"{path} is missing: scripts/test.sh (make test) installs clients/typescript")
    return str(path)


def test_the_committed_types_are_generated_from_the_current_document(tmp_path):
    node_tool("openapi-typescript")
    source = tmp_path / "openapi.json"
    source.write_text(json.dumps(openapi_document()[0]), encoding="utf-8")
    fresh = tmp_path / "schema.ts"
    subprocess.run(["node", "generate.mjs", str(source), str(fresh)], cwd=CLIENT, check=True, timeout=120)
    committed = (CLIENT / "src" / "schema.ts").read_text(encoding="utf-8")
    assert fresh.read_text(encoding="utf-8") == committed, (
        "clients/typescript/src/schema.ts is out of date with the OpenAPI document: run `make client` and commit it"
    )


@pytest.fixture
def world(transactional_db, settings):
    from setup_file.loader import load

    settings.WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.0/8"]  # the receiver listens on loopback
    with Receiver() as receiver:
        made = load(SETUP.replace("{url}", receiver.url))
        yield made, receiver


def a_real_delivery(base_url: str, key: str, receiver: Receiver) -> dict:
    """A hold made through the API; its `hold.created` delivered now (what the worker does), as received."""
    day = (dt.date.today() + dt.timedelta(days=5)).isoformat()
    headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "ts-webhook-hold"}
    body = {"service_date": day, "start_time": "19:00", "party_size": 2}
    made = requests.post(f"{base_url}/v1/holds", json=body, headers=headers, timeout=30)
    assert made.status_code == 201, made.text
    delivery.dispatch()
    for endpoint in Endpoint.objects.filter(enabled=True).values_list("pk", flat=True):
        delivery.deliver_endpoint(endpoint)
    [received] = [r for r in receiver.requests if r.json()["type"] == "hold.created"]
    release = requests.delete(f"{base_url}/v1/holds/{made.json()['id']}", headers=headers | {"Idempotency-Key": "x"})
    assert release.status_code == 200
    names = ("webhook-id", "webhook-timestamp", "webhook-signature")
    return {"headers": {name: received.headers[name] for name in names}, "body": received.body.decode()}


def test_the_typescript_client_against_the_service(live_gunicorn, world, tmp_path):
    made, receiver = world
    key = made["api_keys"]["partner"]
    restaurant = Restaurant.objects.get(name="TypeScript Bistro")
    shift = Shift.objects.get(restaurant=restaurant)
    seeded_date = dt.date.today() + dt.timedelta(days=20)
    for _ in range(SEEDED):
        ReservationFactory(restaurant=restaurant, shift=shift, service_date=seeded_date)
    webhook = tmp_path / "delivery.json"
    webhook.write_text(json.dumps(a_real_delivery(live_gunicorn.url, key, receiver)), encoding="utf-8")

    node_tool("tsc")
    built_client()
    env = {
        **os.environ,
        "BASE_URL": live_gunicorn.url,
        "API_KEY": key,
        "SEEDED_DATE": seeded_date.isoformat(),
        "SEEDED_COUNT": str(SEEDED),
        "WEBHOOK_SECRET": made["webhook_endpoints"]["hooks"]["secret"],
        "WEBHOOK_DELIVERY": str(webhook),
        "NO_COLOR": "1",
    }
    done = subprocess.run(
        ["npm", "run", "test:built"], cwd=CLIENT, env=env, capture_output=True, text=True, timeout=300
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"the TypeScript tests failed:\n{output[-8000:]}\n{live_gunicorn.log()[-3000:]}"
    counts = {name: int(value) for name, value in re.findall(r"^# (tests|pass|fail|skipped) (\d+)$", output, re.M)}
    assert counts["fail"] == 0 and counts["skipped"] == 0, output[-4000:]
    assert counts["pass"] == counts["tests"] >= 17, counts  # 11 on the client alone, 6 against the service
