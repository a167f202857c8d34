"""Running load_restaurant as a command and looking at what it left."""

import io
import json
from dataclasses import dataclass

import yaml
from django.apps import apps
from django.core.management import call_command

EXAMPLE = """
restaurant:
  name: Le Petit Test
  timezone: Europe/Paris
  country: FR
  currency: EUR
  primary_language: fr
  guest_languages: [en, fr]
  min_party_size: 1
  max_party_size: 12
  default_party_size: 2
  max_advance_days: 60
  default_cutoff_minutes: -1
  show_seating_preference: true
  required_guest_fields: [email, phone]
  booking_page_url: https://le-petit-test.example/book
  rate_limits: {write_burst: 500, write_per_second: 50, write_per_day: 100000, read_burst: 1000,
                read_per_second: 200.5}

floor_plans:
  - key: main
    name: Main room
    sections:
      - key: dining
        name: Salle
        area_type: indoor
        tables:
          - {name: "1", min: 1, max: 2}
          - {name: "2", min: 2, max: 4}
          - {name: "3", min: 2, max: 4, bookable_online: false}
        combinations:
          - {tables: ["dining/2", "dining/3"], min: 5, max: 8}
      - key: dining-back
        name: Salle (fond)
        group: dining
        tables:
          - {name: 10, max: 6}
      - key: terrace
        name: Terrasse
        area_type: terrace
        bookable_online: false
        tables:
          - {name: "T1", min: 2, max: 4}
  - key: private
    name: Salon privé
    sections:
      - key: salon
        area_type: private_room
        tables: [{name: "1", min: 8, max: 20}]

shifts:
  - key: lunch
    name: Déjeuner
    floor_plan: main
    days: [sat, mon, fri]
    start_time: 12:00
    end_time: "14:30"
  - key: dinner
    name: {fr: Dîner, en: Dinner}
    floor_plan: main
    days: [tue, wed, thu, fri, sat]
    valid_from: 2026-01-01
    valid_until: "2026-12-31"
    start_time: "19:00"
    end_time: "01:00"
    last_seating: "23:30"
    slot_interval_minutes: 30
    seating_minutes: 120
    seating_minutes_by_party_size: {"6": 150, 10: 180}
    max_covers: 80
    max_covers_per_slot: 20
    cutoff_minutes: 60
    approval_from_party_size: 9
    guarantee: {per_guest_amount: 2000, from_party_size: 6, cancel_hours: 24}
    waitlist_enabled: true
    guest_message: {fr: Tenue correcte, en: Smart casual}
    online_sections: [dining, terrace]

closures:
  - {name: Congés, start_date: 2026-12-24, end_date: 2026-12-26, guest_message: Fermé pour les fêtes}

day_notes:
  - {date: 2026-12-31, message: {fr: Menu unique, en: Set menu}, mode: message_only}

blocks:
  - {date: 2026-12-05, start_time: "19:00", end_time: "21:00", tables: ["dining/1", "salon/1"], reason: Maintenance}
  - {date: 2026-12-06, start_time: "22:00", end_time: "02:00"}

companies:
  - {key: acme, name: ACME SA}

guests: []
webhook_endpoints: null

api_keys:
  - {key: full, name: Partner, scopes: [reservations:read, reservations:write, reservations:write:override, guests:read]}
  - {key: reader, name: Reader}

users:
  - {key: owner, username: owner@le-petit-test, password: change-me, role: owner}
  - {key: host, username: host@le-petit-test, password: host-pass, role: host}
"""


def example() -> dict:
    return yaml.safe_load(EXAMPLE.replace("start_time: 12:00", 'start_time: "12:00"'))


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str

    @property
    def json(self) -> dict:
        return json.loads(self.stdout)

    @property
    def problems(self) -> list[str]:
        return self.stderr.splitlines()


def run_command(name: str, *args: str, stdin: str | None = None, monkeypatch=None) -> Run:
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        call_command(name, *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return Run(code, out.getvalue(), err.getvalue())


def load_text(text: str, tmp_path) -> Run:
    path = tmp_path / "restaurant.yaml"
    path.write_text(text, encoding="utf-8")
    return run_command("load_restaurant", str(path))


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model._default_manager.count()
        for model in apps.get_models()
        if model._meta.managed and not model._meta.proxy
    }
