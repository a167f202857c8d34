"""Issue 12: the guest's booking page and the restaurant's public booking page under gunicorn,
against GET /v1/ping measured in the same interleaved run (target: each median <= 6x ping).

    python -m tests.bench.bench_guest_pages

Its own restaurant (loaded from a setup file into the bench database once, slug
`bench-guest-pages`): 24 tables in two rooms, lunch and dinner every 15 minutes, a card asked
from 4 guests, and as many bookings of 2 or 3 guests as fit on the measured day (14 days ahead; at most
150, about 70 fit) made by the create service, so the booking page's times come from a loaded day. Measured:

* the guest's page of a booking awaiting its card (`/book/{slug}/{token}`: the booking, its
  guarantee terms, the card, cancel forms);
* the public booking page's first step (`/book/{slug}`: the date and party-size form);
* the public booking page with a date and party size (`?date=...&party_size=4`: the day's
  availability, the same engine as the API's, rendered as the times and the details form).
"""

import datetime as dt
import sys

from tests.bench.bench_common import (
    CpuMeter,
    Http,
    Probe,
    Row,
    Server,
    cpu_note,
    expect,
    fmt_ms,
    log,
    measure_interleaved,
    print_table,
    ratio,
    save,
    scaled,
    setup_django,
    summary,
)

SLUG = "bench-guest-pages"
TARGET = 6.0


def setup_text() -> str:
    tables = "\n".join(
        f'          - {{name: "{room[0].upper()}{n}", min: {1 if n % 3 else 2}, max: {2 + 2 * (n % 3)}}}'
        for room in ("salle", "terrasse")
        for n in range(1, 13)
    )
    return f"""
restaurant: {{name: Bench Guest Pages, slug: {SLUG}, timezone: Europe/Paris, country: FR, currency: EUR,
             primary_language: fr, guest_languages: [fr, en], max_advance_days: 60, max_party_size: 8,
             rate_limits: {{write_burst: 100000, write_per_second: 10000, write_per_day: 1000000,
                           read_burst: 100000, read_per_second: 10000}}}}
floor_plans:
  - key: main
    name: Main
    sections:
      - key: salle
        name: Salle
        tables:
{chr(10).join(t for t in tables.splitlines() if '"S' in t)}
      - key: terrasse
        name: Terrasse
        tables:
{chr(10).join(t for t in tables.splitlines() if '"T' in t)}
shifts:
  - {{key: lunch, name: Déjeuner, floor_plan: main, start_time: "12:00", end_time: "15:00", last_seating: "13:45",
     slot_interval_minutes: 15, seating_minutes: 90}}
  - {{key: dinner, name: Dîner, floor_plan: main, start_time: "19:00", end_time: "23:30", last_seating: "22:00",
     slot_interval_minutes: 15, seating_minutes: 120,
     guarantee: {{per_guest_amount: 2000, from_party_size: 4, cancel_hours: 24}}}}
api_keys:
  - {{key: bench, name: Bench, scopes: [reservations:read, reservations:write, guests:read]}}
"""


def ensure_world() -> dict:
    """The bench restaurant, its day of bookings and one booking awaiting its card (made once)."""
    from django.utils import timezone

    from apikeys.models import ApiKey
    from apikeys.services import mint_key
    from guests.services import GuestInput
    from reservations.exceptions import BookingRulesViolated
    from reservations.models import Reservation, Restaurant
    from reservations.services.create import CreateParams, create_reservation
    from setup_file.loader import load

    restaurant = Restaurant.objects.filter(slug=SLUG).first()
    if restaurant is None:
        load(setup_text())
        restaurant = Restaurant.objects.get(slug=SLUG)
    day = timezone.localdate() + dt.timedelta(days=14)
    if not Reservation.objects.filter(restaurant=restaurant, service_date=day).exists():
        made = 0
        grid = [(h, m) for h in (12, 13) for m in (0, 15, 30, 45)] + [
            (h, m) for h in (19, 20, 21) for m in (0, 15, 30, 45)
        ]
        for index in range(400):
            hour, minute = grid[index % len(grid)]
            params = CreateParams(
                service_date=day,
                start_time=dt.time(hour, minute),
                party_size=2 + index % 2,
                guest=GuestInput(first_name="Guest", last_name=f"N{index}", email=f"guest{index}@example.com"),
            )
            try:
                create_reservation(restaurant=restaurant, params=params)
                made += 1
            except BookingRulesViolated:
                continue
            if made >= 150:
                break
        log(f"Bench day {day}: {made} bookings")
    awaiting = Reservation.objects.filter(restaurant=restaurant, status="awaiting_guarantee").first()
    if awaiting is None or awaiting.guarantee_expires_at <= timezone.now():
        params = CreateParams(
            service_date=day + dt.timedelta(days=1),
            start_time=dt.time(20, 0),
            party_size=4,
            guest=GuestInput(first_name="Card", last_name="Guest", email="card@example.com"),
        )
        awaiting = create_reservation(restaurant=restaurant, params=params)
    ApiKey.objects.filter(restaurant=restaurant, revoked_at__isnull=True).update(revoked_at=timezone.now())
    minted = mint_key(restaurant=restaurant, name="bench guest pages", scopes=["reservations:read"])
    return {"day": day.isoformat(), "token": awaiting.modification_token, "key": minted.secret}


def run() -> dict:
    setup_django()
    world = ensure_world()
    guest_page = f"/book/{SLUG}/{world['token']}?lang=en"
    first_step = f"/book/{SLUG}?lang=en"
    with_times = f"/book/{SLUG}?lang=en&date={world['day']}&party_size=4"
    per_round, rounds = scaled(100), 8
    with Server() as server:
        http = Http(server.port, world["key"])
        body = expect(http.get(with_times, key=None), 200, "booking page").body.decode()
        if 'name="time"' not in body or "A card is asked" not in body:
            raise RuntimeError("the booking page shows no times or no card terms")
        if "Save my card" not in expect(http.get(guest_page, key=None), 200, "guest page").body.decode():
            raise RuntimeError("the guest page shows no card form")
        probes = [
            Probe("ping", lambda: expect(http.get("/v1/ping"), 200, "ping"), per_round),
            Probe("guest_page", lambda: expect(http.get(guest_page, key=None), 200, "guest page"), per_round),
            Probe("booking_page", lambda: expect(http.get(first_step, key=None), 200, "booking page"), per_round),
            Probe(
                "booking_page_times",
                lambda: expect(http.get(with_times, key=None), 200, "booking page times"),
                per_round,
            ),
        ]
        log(f"Measuring {rounds} interleaved rounds of {per_round} requests per page")
        meter = CpuMeter(server.process.pid)
        meter.start()
        samples = measure_interleaved(probes, rounds=rounds, warmup=scaled(50))
        cpu = meter.stop()
        http.close()
        server_config = server.config.describe()
    stats = {name: summary(values) for name, values in samples.items()}
    ping = stats["ping"]["median_ms"]
    ratios = {name: ratio(stats[name]["median_ms"], ping) for name in stats if name != "ping"}
    labels = {
        "guest_page": "guest's page /book/{slug}/{token}",
        "booking_page": "booking page /book/{slug}",
        "booking_page_times": "booking page with a date (the day's times)",
    }
    rows = [Row("GET /v1/ping median (baseline)", "-", fmt_ms(ping))]
    for name, label in labels.items():
        rows.append(
            Row(
                f"{label} median",
                f"<= {TARGET:.0f}x ping",
                f"{fmt_ms(stats[name]['median_ms'])} ({ratios[name]:.2f}x; p99 {fmt_ms(stats[name]['p99_ms'])})",
                ratios[name] <= TARGET,
            )
        )
    print_table(f"Issue 12: guest pages ({server_config}; n={stats['ping']['n']} per page)", rows)
    print(cpu_note(cpu))
    passed = all(value <= TARGET for value in ratios.values())
    result = {"issue": 12, "server": server_config, "stats": stats, "ratios": ratios, "cpu_seconds": cpu}
    result["passed"] = passed
    save("guest_pages", result)
    return result


if __name__ == "__main__":
    sys.exit(0 if run()["passed"] else 1)
