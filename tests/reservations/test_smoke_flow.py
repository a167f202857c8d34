from tests.reservations.conftest import DAY, booking_body


def test_create_read_modify_cancel(api, bistro):
    r = api.post("/v1/reservations", booking_body(), format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["status"] == "confirmed"
    assert [t["name"] for t in body["tables"]] == ["T2"]
    rid = body["id"]
    r = api.get(f"/v1/reservations/{rid}")
    assert r.status_code == 200, r.content
    r = api.patch(f"/v1/reservations/{rid}", {"party_size": 4}, format="json")
    assert r.status_code == 200, r.content
    assert [t["name"] for t in r.json()["tables"]] == ["T4"]
    r = api.get(f"/v1/reservations/{rid}/events")
    assert [e["type"] for e in r.json()["data"]] == ["reservation.created", "reservation.updated"], r.json()
    r = api.post(f"/v1/reservations/{rid}/cancel")
    assert r.status_code == 200, r.content
    assert r.json()["status"] == "cancelled"
    r = api.get("/v1/reservations", {"expand": "guest"})
    assert r.status_code == 200, r.content
    assert r.json()["data"][0]["guest"]["email"] == "alice@example.com"


def test_hold_and_convert(api, bistro):
    r = api.post(
        "/v1/holds",
        {"service_date": DAY, "start_time": "20:00", "party_size": 5},
        format="json",
        HTTP_IDEMPOTENCY_KEY="h1",
    )
    assert r.status_code == 201, r.content
    hold = r.json()
    assert hold["status"] == "held" and [t["name"] for t in hold["tables"]] == ["T6"]
    r = api.post(
        "/v1/reservations",
        {"hold_id": hold["id"], "guest": {"first_name": "Bob", "last_name": "B"}},
        format="json",
        HTTP_IDEMPOTENCY_KEY="c1",
    )
    assert r.status_code == 201, r.content
    assert r.json()["id"] == "resv_" + hold["id"][5:]
    r = api.get(f"/v1/holds/{hold['id']}")
    assert r.json()["status"] == "converted"
    r = api.delete(f"/v1/holds/{hold['id']}")
    assert r.status_code == 409 and r.json()["error"]["code"] == "hold_already_converted"
    r = api.get("/v1/holds")
    assert r.json()["data"] == []
