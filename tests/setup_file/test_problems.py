import pytest
import yaml

from reservations.models import Restaurant
from tests.factories import UserFactory

from .helpers import EXAMPLE, example, load_text, row_counts, run_command

pytestmark = pytest.mark.django_db

BAD = """
restaurant:
  name: Le Mauvais
  name: Le Mauvais Deux
  slug: Not A Slug
  colour: red
  timezone: Europe/Atlantis
  country: XX
  currency: EURO
  primary_language: fr
  guest_languages: [en, xx]
  min_party_size: 4
  max_party_size: 2
  default_cutoff_minutes: -5
  show_seating_preference: "yes"
  rate_limits: {write_burst: 0, read_per_second: fast, reads: 3}

floor_plans:
  - key: main
    sections:
      - key: dining
        area_type: garden
        group: dining
        tables:
          - {name: "1", min: 1, max: 2}
          - {name: "1", min: 2, max: 4}
          - {name: "2", min: 4, max: 2}
          - {min: 0, max: 2, seats: 3}
        combinations:
          - {tables: ["dining/1", "dining/9"], max: 8}
          - {tables: ["dining/2", "patio/1"], min: 3, max: 6}
      - key: bar
        group: nowhere
        tables: []
      - key: dining
        name: Again
  - key: other
    name: main
    sections:
      - key: patio
        group: bar
        tables: [{name: "1", max: 4}]
      - key: nook
        group: patio
  - key: other

shifts:
  - key: dinner
    name: {fr: Dîner, xx: Dinner}
    floor_plan: main
    start_time: "19:00"
    end_time: "23:00"
  - key: dinner
    name: ""
    floor_plan: attic
    days: [mon, funday, mon]
    start_time: "7pm"
    end_time: "25:00"
    valid_from: 2026-06-01
    valid_until: 2026-05-01
    last_seating: "24:30"
    seating_minutes_by_party_size: {six: 150, "8": 0}
    cutoff_minutes: -2
    guarantee: {from_party_size: 6}
    online_sections: [patio, ghost]
  - key: late
    name: Late
    floor_plan: main
    start_time: "22:00"
    end_time: "02:00"
    last_seating: "03:00"
    min_party_size: 2

closures:
  - {start_date: 2026-12-26, end_date: 2026-12-24}
  - {start_date: 2026-02-30, end_date: "24/12/2026"}

day_notes:
  - {date: 2026-12-31, message: Menu unique, mode: loud}
  - {date: 2026-12-31, message: {}}

blocks:
  - {date: 2026-12-05, start_time: "19:00", tables: ["dining/7"]}

companies:
  - {key: acme, name: ACME SA}
  - {key: acme, name: ACME SA}
  - {key: "bad key!", name: 12}

guests:
  - {key: alice, first_name: Alice}
webhook_endpoints:
  - {key: main, url: "http://127.0.0.1:9000/hooks"}
  - {key: main, url: "http://example.com/hooks", events: [reservation.created, reservation.exploded]}

api_keys:
  - {key: k1, name: A, scopes: [reservations:write:override]}
  - {key: k2, name: B, scopes: [reservations:admin]}
  - {key: k3, name: C, api_version: "2020-01-01"}
  - {key: k4, name: D, version: 2026-06-27, api_version: 2026-06-27}
  - {key: k5, name: E}
  - {key: k6, name: F}
  - {key: k7, name: G}
  - {key: k8, name: H}
  - {key: k9, name: I}
  - {key: k10, name: J}
  - {key: k11, name: K}

users:
  - {key: owner, username: taken@example.com, password: x, role: owner}
  - {key: u2, username: "has space", password: x, role: chef}
  - {key: u3, username: Taken@Example.com, role: host}

colour: red
"""

EXPECTED = [
    "restaurant.name: duplicate key",
    "restaurant.colour: unknown field",
    "restaurant.slug: not a slug (lower-case letters, digits, '-', '_'; at most 100)",
    "restaurant.timezone: unknown IANA zone",
    "restaurant.country: unknown ISO 3166 alpha-2 country",
    "restaurant.currency: unknown ISO 4217 currency",
    "restaurant.guest_languages[1]: unknown language (one of fr, en, de, es, it, nl, pt, da, sv, no, fi)",
    "restaurant.default_cutoff_minutes: below -1",
    "restaurant.show_seating_preference: not a boolean",
    "restaurant.rate_limits.reads: unknown field",
    "restaurant.rate_limits.write_burst: below 1",
    "restaurant.rate_limits.read_per_second: not a positive number",
    "restaurant.max_party_size: below min_party_size",
    (
        "floor_plans[0].sections[0].area_type: unknown area type "
        "(one of indoor, outdoor, terrace, bar, lounge, private_room, patio, rooftop)"
    ),
    'floor_plans[0].sections[0].tables[1].name: duplicate table "dining/1"',
    "floor_plans[0].sections[0].tables[2].max: below min",
    "floor_plans[0].sections[0].tables[3].seats: unknown field",
    "floor_plans[0].sections[0].tables[3].name: required",
    "floor_plans[0].sections[0].tables[3].min: below 1",
    'floor_plans[0].sections[2].key: duplicate section "dining"',
    'floor_plans[1].name: duplicate floor plan name "main"',
    'floor_plans[2].key: duplicate floor plan "other"',
    "floor_plans[0].sections[0].group: a section cannot be grouped under itself",
    'floor_plans[0].sections[0].combinations[0].tables[1]: unknown table "dining/9"',
    'floor_plans[0].sections[0].combinations[1].tables[1]: table "patio/1" is not in floor plan "main"',
    'floor_plans[0].sections[1].group: unknown section "nowhere"',
    'floor_plans[1].sections[0].group: section "bar" is in another floor plan',
    'floor_plans[1].sections[1].group: section "patio" is itself grouped under "bar"',
    "shifts[0].name.xx: unknown language (one of fr, en, de, es, it, nl, pt, da, sv, no, fi)",
    "shifts[1].name: blank",
    "shifts[1].days[1]: unknown weekday (one of mon, tue, wed, thu, fri, sat, sun)",
    'shifts[1].days[2]: duplicate "mon"',
    "shifts[1].start_time: not HH:MM",
    "shifts[1].end_time: not HH:MM",
    "shifts[1].last_seating: not HH:MM",
    "shifts[1].seating_minutes_by_party_size.six: not a party size",
    "shifts[1].seating_minutes_by_party_size.8: below 1",
    "shifts[1].cutoff_minutes: below -1",
    "shifts[1].guarantee.per_guest_amount: required",
    'shifts[1].key: duplicate shift "dinner"',
    'shifts[1].floor_plan: unknown floor plan "attic"',
    "shifts[1].valid_until: before valid_from",
    'shifts[1].online_sections[1]: unknown section "ghost"',
    "shifts[2].min_party_size: unknown field",
    "shifts[2].last_seating: outside the service (start_time to end_time)",
    "closures[0].end_date: before start_date",
    "closures[1].start_date: not a valid date",
    "closures[1].end_date: not YYYY-MM-DD",
    "day_notes[0].mode: unknown mode (one of banner, message_only, display_only)",
    "day_notes[1].message: empty map of translations",
    "day_notes[1].date: duplicate day note date 2026-12-31",
    "blocks[0].end_time: required",
    'blocks[0].tables[0]: unknown table "dining/7"',
    'companies[1].key: duplicate company "acme"',
    'companies[1].name: duplicate company name "ACME SA"',
    "companies[2].key: not a key (letters, digits, '_', '-', '.'; at most 100)",
    "companies[2].name: not a string",
    'webhook_endpoints[1].key: duplicate webhook endpoint "main"',
    "webhook_endpoints[1].url: A webhook URL must use https (http only for a loopback receiver)",
    "webhook_endpoints[1].events: Unknown event type: reservation.exploded",
    "api_keys: at most 10 keys",
    "api_keys[0].scopes: reservations:write:override needs reservations:write beside it",
    (
        "api_keys[1].scopes[0]: unknown scope "
        "(one of reservations:read, reservations:write, reservations:write:override, guests:read)"
    ),
    "api_keys[2].api_version: unknown API version (one of 2026-06-27)",
    "api_keys[3].version: give either version or api_version",
    "users[0].username: already taken",
    "users[1].username: not a username (letters, digits and @ . + - _)",
    "users[1].role: unknown role (one of owner, co_owner, manager, host)",
    "users[2].password: required",
    'users[2].username: duplicate username "taken@example.com"',
    "colour: unknown field",
]


def test_every_problem_reported_with_its_path_and_nothing_changes(tmp_path):
    UserFactory(username="taken@example.com", password=None, is_staff=False)
    before = row_counts()
    run = load_text(BAD, tmp_path)
    assert run.code == 1
    assert run.stdout == ""
    assert sorted(run.problems) == sorted(EXPECTED)
    assert row_counts() == before


@pytest.mark.parametrize(
    "change, problem",
    [
        (lambda d: d.pop("restaurant"), "restaurant: required"),
        (lambda d: [d.pop(name) for name in ("floor_plans", "shifts", "blocks")],
         "floor_plans: needs at least one floor plan"),
        (lambda d: d.update(floor_plans=[], shifts=[], blocks=[]), "floor_plans: needs at least one floor plan"),
        (lambda d: d.update(floor_plans=None, shifts=[], blocks=[]), "floor_plans: needs at least one floor plan"),
        (lambda d: d.update(shifts={"key": "x"}), "shifts: not a list"),
        (lambda d: d.update(restaurant=[]), "restaurant: not an object"),
        (lambda d: d["restaurant"].update(guest_languages=["en"]),
         'restaurant.guest_languages: does not contain the primary language "fr"'),
        (lambda d: d["restaurant"].update(default_party_size=20), "restaurant.default_party_size: above max_party_size"),
        (lambda d: d["restaurant"].update(min_party_size=3), "restaurant.default_party_size: below min_party_size"),
        (lambda d: d["restaurant"].pop("timezone"), "restaurant.timezone: required"),
        (lambda d: d["restaurant"].update(name=None), "restaurant.name: must not be null"),
        (lambda d: d["restaurant"].update(booking_page_url="ftp://x"), "restaurant.booking_page_url: not an http(s) URL"),
        (lambda d: d["shifts"][0].update(days=[]), "shifts[0].days: needs at least 1 item"),
        (lambda d: d["shifts"][0].update(start_time=1140), "shifts[0].start_time: not HH:MM"),
        (lambda d: d["shifts"][0].update(guarantee={"per_guest_amount": 0}), "shifts[0].guarantee.per_guest_amount: below 1"),
        (lambda d: d["shifts"][1].update(online_sections=["salon"]),
         'shifts[1].online_sections[0]: section "salon" is not in floor plan "main"'),
        (lambda d: d["floor_plans"][0]["sections"][0]["combinations"][0].update(tables=["dining/2"]),
         "floor_plans[0].sections[0].combinations[0].tables: needs at least 2 items"),
        (lambda d: d.update(reservations=[{"key": "r1", "guest": "nobody", "service_date": "2026-12-05",
                                           "start_time": "19:30", "party_size": 2}]),
         'reservations[0].guest: unknown guest "nobody"'),
        (lambda d: d.update(waitlist=[{"key": "w1", "guest": "nobody", "service_date": "2026-12-05", "party_size": 2,
                                       "window_start": "20:00", "window_end": "21:00"}]),
         'waitlist[0].guest: unknown guest "nobody"'),
        (lambda d: d["users"][0].update(role="admin"), "users[0].role: unknown role (one of owner, co_owner, manager, host)"),
        (lambda d: d["blocks"][0].update(tables="dining/1"), "blocks[0].tables: not a list"),
    ],
)  # fmt: skip
def test_single_problem(tmp_path, change, problem):
    document = example()
    change(document)
    run = load_text(yaml.safe_dump(document, allow_unicode=True), tmp_path)
    assert run.code == 1
    assert run.problems == [problem]
    assert not Restaurant.objects.exists()


def test_explicit_slug_taken(tmp_path):
    first = load_text(
        EXAMPLE.replace("  name: Le Petit Test\n", "  name: Le Petit Test\n  slug: chez-nous\n"),
        tmp_path,
    )
    assert first.code == 0
    second = load_text(
        EXAMPLE.replace("  name: Le Petit Test\n", "  name: Autre\n  slug: chez-nous\n").replace("@le-petit", "@autre"),
        tmp_path,
    )
    assert second.code == 1
    assert second.problems == ["restaurant.slug: already taken"]
    assert Restaurant.objects.count() == 1


def test_username_in_the_database_refused(tmp_path):
    assert load_text(EXAMPLE, tmp_path).code == 0
    again = load_text(EXAMPLE, tmp_path)
    assert again.code == 1
    assert again.problems == [
        "users[0].username: already taken",
        "users[1].username: already taken",
    ]


@pytest.mark.parametrize(
    "text, problem",
    [
        ("", "document: empty"),
        ("- a\n- b\n", "document: not an object"),
        (
            "restaurant: [1\n",
            "document: not valid YAML: expected ',' or ']', but got '<stream end>' at line 2, column 1",
        ),
        ('{"restaurant": }', "document: not valid JSON: Expecting value at line 1, column 16"),
    ],
)
def test_unreadable_documents(tmp_path, text, problem):
    run = load_text(text, tmp_path)
    assert (run.code, run.problems) == (1, [problem])


def test_missing_file():
    run = run_command("load_restaurant", "/nonexistent/restaurant.yaml")
    assert run.code == 1
    assert run.problems[0].startswith("document: cannot read /nonexistent/restaurant.yaml")


def test_empty_optional_sections_are_accepted(tmp_path):
    document = example()
    document.update(guests=[], reservations=None, waitlist=[], webhook_endpoints=[])
    assert load_text(yaml.safe_dump(document, allow_unicode=True), tmp_path).code == 0
