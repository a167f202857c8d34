"""Issue 31: the guest's change of their booking under gunicorn, against GET /v1/ping measured in the
same interleaved run (target: each median <= 6x ping).

    python -m tests.bench.bench_guest_change

The restaurant of tests/bench/bench_guest_pages.py (24 tables, lunch and dinner every 15 minutes,
about 70 bookings on the measured day) and one booking of two the day after (the measured day has
hardly a time left for two), made by the create service. Measured:

* the change page showing the measured day's times (`/book/{slug}/{token}/change?date=...&party_size=2`:
  the loaded day's availability for the party, the booking excluded, rendered as the times form);
* the change posted (a new form each time, moving the booking between two times of its own day):
  the modify service under the restaurant's lock, its event, webhook outbox row and e-mail, then
  the redirect to the booking's page.
"""

import datetime as dt
import re
import secrets
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
from tests.bench.bench_guest_pages import SLUG, ensure_world

TARGET = 6.0


def the_booking(day: str) -> str:
    """A booking of two the day after the measured one (made once; the measured day is full for two
    at most times), confirmed: its token."""
    from guests.services import GuestInput
    from reservations.exceptions import BookingRulesViolated
    from reservations.models import Reservation, Restaurant
    from reservations.services.create import CreateParams, create_reservation

    restaurant = Restaurant.objects.get(slug=SLUG)
    booking = Reservation.objects.filter(restaurant=restaurant, guest__email="change@example.com").first()
    if booking is None or booking.status != "confirmed":
        grid = [(h, m) for h in (12, 13, 19, 20, 21, 22) for m in (0, 15, 30, 45)]
        for hour, minute in [(h, m) for h, m in grid if (h, m) <= (13, 45) or (19, 0) <= (h, m) <= (22, 0)]:
            try:
                booking = create_reservation(
                    restaurant=restaurant,
                    params=CreateParams(
                        service_date=dt.date.fromisoformat(day) + dt.timedelta(days=1),
                        start_time=dt.time(hour, minute),
                        party_size=2,
                        guest=GuestInput(first_name="Change", last_name="Guest", email="change@example.com"),
                        source="widget",
                        booking_channel="website_widget",
                    ),
                )
                break
            except BookingRulesViolated:  # that time is full: the next one
                continue
    return booking.modification_token


def run() -> dict:
    setup_django()
    world = ensure_world()
    token = the_booking(world["day"])
    base = f"/book/{SLUG}/{token}/change"
    page = f"{base}?lang=en&date={world['day']}&party_size=2"  # the loaded day's times, as a guest looks
    next_day = (dt.date.fromisoformat(world["day"]) + dt.timedelta(days=1)).isoformat()
    own_day = f"{base}?lang=en&date={next_day}&party_size=2"
    csrf = secrets.token_hex(16)  # the CSRF cookie a page sets, and the form's copy of it
    cookie = {"Cookie": f"csrftoken={csrf}"}
    per_round, rounds = scaled(60, minimum=10), 8
    with Server() as server:
        http = Http(server.port, world["key"])
        expect(http.get(page, key=None, headers=cookie), 200, "change page")
        shown = expect(http.get(own_day, key=None, headers=cookie), 200, "change page").body.decode()
        times = re.findall(r'name="time" value="(\d\d:\d\d)"', shown)
        if len(times) < 2:
            raise RuntimeError(f"the change page offers too few times: {times}")
        moves = [times[0], times[-1]]

        def submit():
            moves.reverse()  # to the other time, and back the next time
            form = {"csrfmiddlewaretoken": csrf, "submission": secrets.token_hex(16), "date": next_day,
                    "party_size": 2, "time": moves[0]}  # fmt: skip
            reply = expect(http.request("POST", base + "?lang=en", form=form, headers=cookie, key=None), 302, "change")
            if not reply.headers["Location"].endswith("notice=changed"):
                raise RuntimeError(f"the change was not made: {reply.headers['Location']}")
            return reply

        probes = [
            Probe("ping", lambda: expect(http.get("/v1/ping"), 200, "ping"), per_round),
            Probe("change_page", lambda: expect(http.get(page, key=None, headers=cookie), 200, "page"), per_round),
            Probe("change_submit", submit, per_round),
        ]
        log(f"Measuring {rounds} interleaved rounds of {per_round} requests each (moving between {moves})")
        meter = CpuMeter(server.process.pid)
        meter.start()
        samples = measure_interleaved(probes, rounds=rounds, warmup=scaled(20, minimum=5))
        cpu = meter.stop()
        http.close()
        server_config = server.config.describe()
    stats = {name: summary(values) for name, values in samples.items()}
    ping = stats["ping"]["median_ms"]
    ratios = {name: ratio(stats[name]["median_ms"], ping) for name in stats if name != "ping"}
    labels = {
        "change_page": "change page with the times /book/{slug}/{token}/change",
        "change_submit": "change posted (modify under the lock, then the redirect)",
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
    print_table(f"Issue 31: the guest's change ({server_config}; n={stats['ping']['n']} per probe)", rows)
    print(cpu_note(cpu))
    passed = all(value <= TARGET for value in ratios.values())
    result = {"issue": 31, "server": server_config, "stats": stats, "ratios": ratios, "cpu_seconds": cpu}
    result["passed"] = passed
    save("guest_change", result)
    return result


if __name__ == "__main__":
    sys.exit(0 if run()["passed"] else 1)
