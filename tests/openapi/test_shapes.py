"""Every response shape renders its schema's properties, in its schema's order, from real rows.

The shapes declare each field once (config/shapes.py); this holds the two sides derived from
a declaration together: real responses, walked along the schemas, show each shape's keys in
the order of its properties, every required one, and, over the payloads, every property.
"""

import datetime as dt
from collections import defaultdict

from config.gating import GUEST_KEYS
from config.shapes import SHAPES
from reservations.services.availability_version import bump_availability_version
from tests.factories import (
    ClosureFactory,
    CompanyFactory,
    GuestFactory,
    SectionFactory,
    TableFactory,
    WaitlistEntryFactory,
)
from tests.reservations.conftest import DAY, booking_body

ALL_EXPANSIONS = "guest,events,modification_token"


def walk(schema: dict, value, seen: dict) -> None:
    """Records, per shape, the keys of each object of `value` that `schema` says is of that shape."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if isinstance(value, dict):
            seen[name].append(list(value))
            properties = SHAPES[name].schema["properties"]
            for key, item in value.items():
                walk(properties[key], item, seen)
    for option in schema.get("oneOf", ()):
        walk(option, value, seen)
    if isinstance(value, list) and "items" in schema:
        for item in value:
            walk(schema["items"], item, seen)


def responses(api, bistro, conform) -> list[tuple[str, dict]]:
    """(shape, body) of real responses that, between them, render every shape."""
    restaurant = bistro.restaurant
    company = CompanyFactory(restaurant=restaurant)
    bistro.shift.guarantee_per_guest_amount = 2500
    bistro.shift.guarantee_from_party_size = 4
    bistro.shift.guarantee_cancel_hours = 48
    bistro.shift.save()
    ClosureFactory(
        restaurant=restaurant, name={"fr": "Congés"}, start_date=dt.date(2026, 12, 24), end_date=dt.date(2026, 12, 26)
    )
    SectionFactory(floor_plan=bistro.plan, name="Fond", group_leader=bistro.section)
    terrace = SectionFactory(floor_plan=bistro.plan, name="Terrasse", area_type="terrace")
    TableFactory(section=terrace, name="X1", min_capacity=2, max_capacity=4)
    restaurant.show_seating_preference = True
    restaurant.save(update_fields=["show_seating_preference"])
    bump_availability_version(restaurant.pk)

    def call(shape: str, response) -> None:
        assert (response.status_code >= 400) == (shape == "Error"), response.content
        bodies.append((shape, conform.check(response)))

    def post(path: str, body: dict, key: str):
        return api.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY=key)

    bodies: list[tuple[str, dict]] = []
    call("Ping", api.get("/v1/ping"))
    call("Configuration", api.get("/v1/configuration"))
    call("SectionList", api.get("/v1/sections"))
    call("Availability", api.get("/v1/availability", {"service_date": DAY, "party_size": 4}))
    call("Availability", api.get("/v1/availability", {"service_date": "2026-12-25", "party_size": 2}))
    call("AvailabilityMonth", api.get("/v1/availability/months", {"month": "2026-12"}))
    call("Hold", post("/v1/holds", {"service_date": DAY, "start_time": "21:00", "party_size": 2}, "h1"))
    call("HoldList", api.get("/v1/holds"))
    notes = {"guest_notes": "Window", "internal_notes": "Regular"}
    booked = post(
        "/v1/reservations?expand=guest,modification_token", booking_body(company_id=company.public_id, **notes), "r1"
    )
    call("Reservation", booked)
    rid = bodies[-1][1]["id"]
    call("Reservation", post("/v1/reservations", booking_body(party_size=4, start_time="20:00"), "r2"))
    call("Reservation", api.get(f"/v1/reservations/{rid}", {"expand": ALL_EXPANSIONS}))
    call("ReservationList", api.get("/v1/reservations", {"expand": "guest,events"}))
    call("ReservationEventList", api.get(f"/v1/reservations/{rid}/events"))
    GuestFactory(restaurant=restaurant, birthday=dt.date(1990, 5, 1), allergies=["nuts"])
    call("GuestList", api.get("/v1/guests"))
    WaitlistEntryFactory(
        restaurant=restaurant,
        notes="Terrace",
        shift_name="Dinner",
        shift_start_time=dt.time(19),
        shift_end_time=dt.time(22),
    )
    call("WaitlistEntryList", api.get("/v1/waitlist-entries", {"expand": "guest"}))
    call("Error", api.get("/v1/guests/gst_unknown"))
    call("Error", api.get("/v1/holds", {"service_date": DAY}))  # with `param`
    whole = booking_body(entire_section_id=bistro.section.public_id, party_size=6)
    call("Error", post("/v1/reservations", whole, "s1"))  # section_occupied, with conflicts
    call("Error", post("/v1/reservations", booking_body(start_time="23:30"), "s2"))  # a violation without param
    return bodies


def test_every_shape_renders_its_properties_in_order(api, bistro, conform):
    seen: dict[str, list[list[str]]] = defaultdict(list)
    for name, body in responses(api, bistro, conform):
        walk({"$ref": f"#/components/schemas/{name}"}, body, seen)
    for name, shape in SHAPES.items():
        assert seen[name], f"{name}: no response rendered it"
        properties = list(shape.schema["properties"])
        for keys in seen[name]:
            assert keys == [key for key in properties if key in keys], f"{name}: {keys} is not in the schema's order"
            assert set(shape.schema["required"]) <= set(keys), f"{name}: {keys} lacks a required key"
        rendered = {key for keys in seen[name] for key in keys}
        assert [key for key in properties if key not in rendered] == [], f"{name}: properties never rendered"


def test_gating_removes_the_fields_the_shapes_declare_guest_data():
    declared = {
        shape.fields["object"].schema["const"]: {key for key, field in shape.fields.items() if field.guest_data}
        for shape in SHAPES.values()
        if any(field.guest_data for field in shape.fields.values())
    }
    assert declared == {kind: set(keys) for kind, keys in GUEST_KEYS.items()}
