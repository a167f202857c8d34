"""The webhook event types are declared once (webhooks/types.py): publish() refuses any other type,
and everything that lists them agrees with the declaration: the booking's history types
(EventType, its check constraint, the OpenAPI enum), the back office's choices, the guide's list,
every type the docs name, and the product code, which names them only through the constants."""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from config.exceptions import InvalidInput
from reservations.models import ReservationEvent
from reservations.models.booking import EventType
from webhooks import types
from webhooks.admin.endpoints import EVENT_CHOICES
from webhooks.models import Event
from webhooks.services.endpoints import clean_events
from webhooks.services.publish import publish

ROOT = Path(settings.BASE_DIR)
APPS = ("config", "apikeys", "reservations", "guests", "holds", "waitlist", "webhooks", "backoffice", "guestpages")
# What a type looks like: a known family, a dot, a snake_case action.
LOOKS_LIKE_A_TYPE = re.compile(r"^(reservation|guest|feedback|waitlist_entry|hold|webhook_endpoint)\.[a-z_]+$")
DECLARED = {name: value for name, value in vars(types).items() if name.isupper() and isinstance(value, str)}


def test_each_type_is_declared_once_under_its_own_name():
    type_constants = {name: value for name, value in DECLARED.items() if name not in ("ALL", "TEST_EVENT")}
    for name, value in type_constants.items():
        assert name == value.replace(".", "_").upper()
    assert sorted(types.EVENT_TYPES) == sorted(type_constants.values())
    assert len(set(types.EVENT_TYPES)) == len(types.EVENT_TYPES) == 30  # the contract's 30
    assert types.RESERVATION_TYPES == tuple(t for t in types.EVENT_TYPES if t.startswith("reservation."))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "misspelt", ["reservation.craeted", "Reservation.created", "reservation.created ", "webhook_endpoint.test", "*"]
)
def test_publish_refuses_a_type_that_is_not_declared(bistro, misspelt):
    with pytest.raises(ValueError, match=re.escape(repr(misspelt))):
        publish(bistro.restaurant.pk, misspelt, {"object": "reservation", "id": "resv_x"})
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_publish_takes_every_declared_type(bistro):
    for event_type in types.EVENT_TYPES:
        publish(bistro.restaurant.pk, event_type, {"object": "thing", "id": "x"})
    publish(bistro.restaurant.pk, EventType.CREATED, {"object": "reservation", "id": "resv_x"})
    assert list(Event.objects.order_by("id").values_list("type", flat=True)) == [*types.EVENT_TYPES, EventType.CREATED]


@pytest.mark.django_db
def test_the_booking_history_types_are_the_reservation_webhook_types_in_order():
    assert EventType.values == list(types.RESERVATION_TYPES)
    assert EventType.names == [t.removeprefix("reservation.").upper() for t in types.RESERVATION_TYPES]
    field = ReservationEvent._meta.get_field("type")
    assert [value for value, _ in field.choices] == list(types.RESERVATION_TYPES)
    # The migrated check constraint, as PostgreSQL holds it, allows exactly these.
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = %s", ["reservation_event_type_valid"]
        )
        [(definition,)] = cursor.fetchall()
    assert sorted(re.findall(r"'([^']+)'", definition)) == sorted(types.RESERVATION_TYPES)


def test_the_openapi_enum_is_the_booking_history_types():
    from config.api.openapi import openapi_document

    document, _ = openapi_document()
    event_type = document["components"]["schemas"]["ReservationEvent"]["properties"]["type"]
    assert event_type["enum"] == list(types.RESERVATION_TYPES)


def test_an_endpoint_subscribes_to_the_declared_types_only():
    assert [value for value, _ in EVENT_CHOICES] == [types.ALL, *types.EVENT_TYPES]
    assert clean_events(list(types.EVENT_TYPES)) == list(types.EVENT_TYPES)
    with pytest.raises(InvalidInput, match="reservation.craeted"):
        clean_events(["reservation.created", "reservation.craeted"])


def test_the_guide_lists_every_type_in_the_declared_order():
    guide = (ROOT / "docs" / "guides" / "webhooks.md").read_text()
    section = guide.split("\n## Event types\n", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"`([a-z_]+\.[a-z_]+)`", section) == list(types.EVENT_TYPES)


def docs_texts():
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "templates").rglob("*"))]:
        if path.is_file() and path.suffix in (".md", ".html", ".txt"):
            yield path, path.read_text()


def test_every_type_the_docs_name_is_declared():
    known = {*types.EVENT_TYPES, types.TEST_EVENT}
    families = {t.split(".")[0] for t in known}
    named = 0
    for path, text in docs_texts():
        for token in re.findall(r"`([a-z_]+\.[a-z_*]+)`", text):
            if token.split(".")[0] not in families:
                continue  # `errors.*`, `settings.DEBUG`...
            if token.endswith("*"):  # a family: `hold.*`, `reservation.guarantee_*`
                prefix = token.rstrip("*")
                assert any(t.startswith(prefix) for t in types.EVENT_TYPES), f"{path}: {token}"
            else:
                assert token in known, f"{path} names an undeclared event type: {token}"
                named += 1
    assert named > 100  # the check reads the docs at all
    decisions = (ROOT / "docs" / "api-decisions.md").read_text()
    assert f"the contract's {len(types.EVENT_TYPES)} or" in decisions


def test_product_code_names_a_type_only_through_the_declaration():
    literals = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts or path == ROOT / "webhooks" / "types.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and LOOKS_LIKE_A_TYPE.match(node.value)
                ):
                    literals.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value}")
    assert literals == []
