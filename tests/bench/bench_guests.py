"""Issue 10: the guest book and the waitlist at scale, under gunicorn.

    python -m tests.bench.bench_guests        (part of scripts/bench.sh)

Its own database (BENCH_GUESTS_DATABASE_URL, default the bench database's name + "_guests", so
the other benchmarks' figures never see these rows) and its own world, seeded once in SQL (generate_series; a marker row says it is current):
a restaurant with 500,000 guests (names from 80 first names, with accents, and 12,000
generated family names; a unique e-mail and phone each), beside two restaurants holding
1,000,000 guests between them; 500,000 bookings of the big restaurant's guests over two
years in every status; 200,000 waitlist entries (one year of the big restaurant, ~275 a day,
and as many elsewhere).

1. Interleaved with GET /v1/ping on the same keep-alive connection (the baseline measured in
   the same run): GET /v1/guests?query=<3 letters> (a common trigram, `mar`, and a rarer one with an accent,
   `loï`, 1 profile in 80), ?phone= (typed as a French national number), ?email= (typed in capitals) and
   GET /v1/waitlist-entries?service_date=. Medians and their ratios to ping's median.
2. The hourly statistics task on the big restaurant: a first run that writes every profile
   with a booking, then a run with nothing to change; seconds per 100,000 guests.
"""

from __future__ import annotations

import datetime as dt
import sys
import time

from tests.bench import environment
from tests.bench.bench_common import (
    Http,
    Probe,
    Row,
    Server,
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

BIG = 500_000
OTHERS = 1_000_000
BOOKINGS = 500_000
ENTRIES_PER_RESTAURANT = 100_000
MARKER_SLUG = "guest-bench-big"
SEED_VERSION = "guests-v1"

FIRST_NAMES = [
    "Marie", "Jean", "Pierre", "Michel", "André", "Philippe", "Nathalie", "Isabelle", "Sylvie", "Catherine",
    "Françoise", "Martine", "Christine", "Hélène", "Élodie", "Zoé", "Léa", "Chloé", "Inès", "Maël",
    "José", "Jérôme", "Stéphane", "Frédéric", "Sébastien", "Thérèse", "Noël", "Anaïs", "Gaëlle", "Loïc",
    "Paul", "Louis", "Lucas", "Hugo", "Jules", "Arthur", "Adam", "Raphaël", "Gabriel", "Léo",
    "Emma", "Jade", "Louise", "Alice", "Lina", "Rose", "Anna", "Mila", "Julia", "Ambre",
    "Olivier", "Nicolas", "Thomas", "Julien", "David", "Eric", "Laurent", "Christophe", "Patrick", "Alain",
    "Sophie", "Sandrine", "Valérie", "Céline", "Aurélie", "Camille", "Manon", "Sarah", "Laura", "Pauline",
    "Mohamed", "Karim", "Yasmine", "Fatima", "Mehdi", "Sofia", "Ahmed", "Nadia", "Youssef", "Leïla",
]  # fmt: skip
SYLLABLES_A = ["Ber", "Dur", "Mar", "Lef", "Gar", "Rou", "Fon", "Mor", "Ben", "Cha", "Dub", "Lam", "Mer", "Bou",
               "Gir", "Pel", "Ros", "Vin", "Fau", "Car", "Bla", "Gau", "Her", "Jol", "Lau", "Mic", "Nor", "Pic",
               "Rob", "Sau"]  # fmt: skip
SYLLABLES_B = ["tin", "and", "rand", "ois", "nier", "ard", "ault", "et", "el", "on", "in", "ier", "eau", "ot",
               "ès", "é", "ière", "ard", "ac", "ec", "ic", "ul", "oux", "ène", "as", "is", "os", "us", "aud",
               "ant"]  # fmt: skip
SYLLABLES_C = ["", "-Lévêque", "eaux", "ini", "elli", "son", "sen", "ez", "ès", "y", "ie", "o", "a"]


def seeded(cursor) -> bool:
    cursor.execute("SELECT count(*) FROM reservations_restaurant WHERE slug = %s AND name = %s",
                   [MARKER_SLUG, SEED_VERSION])  # fmt: skip
    return cursor.fetchone()[0] == 1


def seed() -> dict:
    """The bench world (once): restaurants, guests, bookings and waitlist entries, in SQL."""
    from django.db import connection, transaction

    from apikeys.services import mint_key
    from reservations.models import Restaurant

    with connection.cursor() as cursor:
        if not seeded(cursor):
            started = time.perf_counter()
            log("Seeding the guest-book world (1.5 M guests, 500 k bookings, 200 k waitlist entries)")
            with transaction.atomic():  # each stage below is skipped when a former run completed it
                restaurants = []
                for slug in (MARKER_SLUG, "guest-bench-other-1", "guest-bench-other-2"):
                    restaurants.append(
                        Restaurant.objects.filter(slug=slug).first()
                        or Restaurant.objects.create(
                            name="building", slug=slug, timezone="Europe/Paris", country="FR", currency="EUR",
                            primary_language="fr", guest_languages=["fr", "en"], read_burst=1_000_000,
                            read_per_second=1_000_000.0, write_burst=1_000_000, write_per_second=1_000_000.0,
                        )
                    )  # fmt: skip
            big, other1, other2 = (r.pk for r in restaurants)
            sizes = [(big, BIG, 0), (other1, OTHERS // 2, BIG), (other2, OTHERS // 2, BIG + OTHERS // 2)]
            cursor.execute("SELECT count(*) FROM guests_guest WHERE restaurant_id = %s", [other2])
            if cursor.fetchone()[0] == 0:
                cursor.execute("DELETE FROM guests_guest WHERE restaurant_id = ANY(%s)", [[big, other1]])
                cursor.execute("DROP INDEX IF EXISTS guest_search_trgm_idx")
            else:
                sizes = []
            for restaurant_id, count, offset in sizes:
                t0 = time.perf_counter()
                cursor.execute(
                    """
                    INSERT INTO guests_guest (public_id, restaurant_id, first_name, last_name, email, phone,
                        dietary_preferences, allergies, blacklisted, vip, language, source, marketing_email_consent,
                        marketing_sms_consent, visit_count, no_show_count, cancellation_count, created_at, updated_at)
                    SELECT 'gst_bench' || lpad((%(offset)s + i)::text, 15, '0'), %(restaurant)s,
                           (%(first)s::text[])[1 + (i * 7919) %% array_length(%(first)s::text[], 1)],
                           (%(a)s::text[])[1 + (i * 31) %% 30] || (%(b)s::text[])[1 + (i * 17 / 30) %% 30]
                               || (%(c)s::text[])[1 + (i / 900) %% 13],
                           'guest' || (%(offset)s + i) || '@mail' || (i %% 50) || '.example.com',
                           '+336' || lpad(((%(offset)s + i) * 7)::text, 8, '0'),
                           '{}', '{}', i %% 97 = 0, i %% 53 = 0, 'fr', 'import', false, false, 0, 0, 0,
                           now() - make_interval(secs => i * 60), now() - make_interval(secs => i * 30)
                    FROM generate_series(1::bigint, %(count)s) AS i
                    """,
                    {"offset": offset, "restaurant": restaurant_id, "count": count, "first": FIRST_NAMES,
                     "a": SYLLABLES_A, "b": SYLLABLES_B, "c": SYLLABLES_C},
                )  # fmt: skip
                log(f"  {count:,} guests in {time.perf_counter() - t0:.1f}s")
            t0 = time.perf_counter()
            cursor.execute(
                "CREATE INDEX IF NOT EXISTS guest_search_trgm_idx ON guests_guest "
                "USING gin (restaurant_id, search_text gin_trgm_ops)"
            )
            log(f"  trigram index built in {time.perf_counter() - t0:.1f}s")
            t0 = time.perf_counter()
            cursor.execute("DELETE FROM reservations_reservation WHERE restaurant_id = %s", [big])
            cursor.execute("DELETE FROM waitlist_waitlistentry WHERE restaurant_id = ANY(%s)", [[big, other1]])
            cursor.execute(
                """
                INSERT INTO reservations_reservation (public_id, restaurant_id, status, source, booking_channel,
                    party_size, service_date, starts_at, ends_at, guest_id, guest_notifications,
                    excluded_from_shift_limits, metadata, guarantee_kind, guarantee_status, guarantee_currency,
                    guarantee_cancel_on_expiry, guarantee_waived, modification_token, cancellation_reason,
                    submitted_guest, overrides_accepted, entire_section, created_at, updated_at)
                SELECT 'resv_bench' || lpad(i::text, 14, '0'), %(big)s,
                       (ARRAY['completed','completed','completed','seated','partially_seated','no_show',
                              'cancelled','cancelled','confirmed','pending'])[1 + i %% 10],
                       'api', 'api', 2, d::date, d + time '19:30', d + time '21:30',
                       g.id, 'service_managed', false, '{}', '', '', '', true, false,
                       'tok_bench' || i, '', '{}', '[]', false, now(), now()
                FROM generate_series(1::bigint, %(count)s) AS i
                CROSS JOIN LATERAL (SELECT (date '2025-01-01' + (i %% 730)::int) AS d) AS day
                JOIN guests_guest AS g ON g.public_id = 'gst_bench' || lpad((1 + (i * 104729) %% %(guests)s)::text, 15, '0')
                """,
                {"big": big, "count": BOOKINGS, "guests": BIG},
            )  # fmt: skip
            log(f"  {BOOKINGS:,} bookings in {time.perf_counter() - t0:.1f}s")
            t0 = time.perf_counter()
            for restaurant_id, offset in ((big, 0), (other1, BIG)):
                cursor.execute(
                    """
                    INSERT INTO waitlist_waitlistentry (public_id, restaurant_id, guest_id, status, joined_via,
                        service_date, party_size, window_start, window_end, window_start_day_offset,
                        window_end_day_offset, shift_name, notes, created_at, updated_at, guest_token)
                    SELECT 'wl_bench' || %(offset)s || '_' || i, %(restaurant)s, g.id,
                           (ARRAY['active','cancelled','expired','offered'])[1 + i %% 4],
                           'widget', date '2026-01-01' + (i %% 365)::int, 2, time '20:00', time '21:30', 0, 0,
                           'Dîner', 'Near the window', now() - make_interval(secs => i * 90), now(),
                           'wlt_bench' || %(offset)s || '_' || i
                    FROM generate_series(1::bigint, %(count)s) AS i
                    JOIN guests_guest AS g ON g.public_id = 'gst_bench' || lpad((%(offset)s + 1 + i %% 400000)::text, 15, '0')
                    """,
                    {"offset": offset, "restaurant": restaurant_id, "count": ENTRIES_PER_RESTAURANT},
                )  # fmt: skip
            log(f"  {2 * ENTRIES_PER_RESTAURANT:,} waitlist entries in {time.perf_counter() - t0:.1f}s")
            cursor.execute("ANALYZE guests_guest")
            cursor.execute("ANALYZE reservations_reservation")
            cursor.execute("ANALYZE waitlist_waitlistentry")
            cursor.execute("UPDATE reservations_restaurant SET name = %s WHERE slug = %s", [SEED_VERSION, MARKER_SLUG])
            log(f"Seeded in {time.perf_counter() - started:.0f}s")
    restaurant = Restaurant.objects.get(slug=MARKER_SLUG)
    key = mint_key(
        restaurant=restaurant,
        name="bench",
        scopes=["reservations:read", "reservations:write", "guests:read"],
    ).secret
    from apikeys.models import ApiKey

    for old in ApiKey.objects.filter(restaurant=restaurant, revoked_at__isnull=True).exclude(last4=key[-4:]):
        old.revoked_at = dt.datetime.now(dt.UTC)
        old.save(update_fields=["revoked_at"])
    return {"restaurant": restaurant, "key": key}


def reset_statistics(restaurant_id: int) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE guests_guest SET visit_count = 0, no_show_count = 0, cancellation_count = 0, "
            "first_visit_at = NULL, last_visit_at = NULL WHERE restaurant_id = %s AND visit_count + no_show_count "
            "+ cancellation_count > 0",
            [restaurant_id],
        )
        cursor.execute("VACUUM guests_guest")  # what autovacuum does between two hourly runs


def time_statistics(restaurant_id: int) -> dict:
    from django.db import connection

    from guests.services import recompute_statistics

    reset_statistics(restaurant_id)
    started = time.perf_counter()
    changed_first = recompute_statistics(restaurant_id=restaurant_id)
    first = time.perf_counter() - started
    started = time.perf_counter()
    changed_again = recompute_statistics(restaurant_id=restaurant_id)
    steady = time.perf_counter() - started
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM guests_guest WHERE restaurant_id = %s", [restaurant_id])
        guests = cursor.fetchone()[0]
    return {
        "guests": guests,
        "first_run_s": round(first, 2),
        "first_run_rows": changed_first,
        "steady_run_s": round(steady, 2),
        "steady_run_rows": changed_again,
        "first_per_100k_s": round(first / guests * 100_000, 2),
        "steady_per_100k_s": round(steady / guests * 100_000, 2),
    }


def run() -> dict:
    import os

    # Its own database: the toolkit's functions (and Server) read this module global when they run.
    environment.BENCH_DATABASE_URL = os.environ.get(
        "BENCH_GUESTS_DATABASE_URL", environment._sibling_url(environment.BENCH_DATABASE_URL, "_guests")
    )
    setup_django()
    world = seed()
    restaurant, key = world["restaurant"], world["key"]
    log("Timing the statistics task on the big restaurant")
    stats_task = time_statistics(restaurant.pk)

    per_round, rounds = scaled(60), 5
    with Server() as server:
        http = Http(server.port, key)
        probes_spec = {
            "ping": "/v1/ping",
            "query mar": "/v1/guests?query=mar",
            "query loi": "/v1/guests?query=lo%C3%AF",
            "phone": "/v1/guests?phone=06%2000%2000%2000%2007",
            "email": "/v1/guests?email=GUEST1%40MAIL1.EXAMPLE.COM",
            "waitlist day": "/v1/waitlist-entries?service_date=2026-06-15",
        }
        checks = {name: expect(http.get(path), 200, name).json() for name, path in probes_spec.items()}
        found = {name: len(body.get("data", [])) for name, body in checks.items() if name != "ping"}
        log(f"Rows per answer: {found}")
        probes = [
            Probe(name, lambda path=path, name=name: expect(http.get(path), 200, name), per_round)
            for name, path in probes_spec.items()
        ]
        log(f"Measuring {rounds} interleaved rounds of {per_round} requests per endpoint")
        samples = measure_interleaved(probes, rounds=rounds, warmup=scaled(20))
        http.close()
        server_config = server.config.describe()

    stats = {name: summary(values) for name, values in samples.items()}
    ping = stats["ping"]["median_ms"]
    ratios = {name: round(ratio(s["median_ms"], ping), 2) for name, s in stats.items() if name != "ping"}
    targets = {"query mar": 6, "query loi": 6, "phone": 3, "email": 3, "waitlist day": 3}
    rows = [Row("GET /v1/ping median (baseline)", "-", fmt_ms(ping))]
    for name, limit in targets.items():
        rows.append(
            Row(
                f"{probes_spec[name]} median",
                f"<= {limit}x ping",
                f"{fmt_ms(stats[name]['median_ms'])} ({ratios[name]}x)",
                ratios[name] <= limit,
            )
        )
    rows.append(
        Row(
            f"statistics task, first run ({stats_task['first_run_rows']:,} rows written)",
            "< 60 s for 500k guests",
            f"{stats_task['first_run_s']} s ({stats_task['first_per_100k_s']} s / 100k guests)",
            stats_task["first_run_s"] < 60,
        )
    )
    rows.append(
        Row(
            "statistics task, nothing to change",
            "< 60 s for 500k guests",
            f"{stats_task['steady_run_s']} s ({stats_task['steady_per_100k_s']} s / 100k guests)",
            stats_task["steady_run_s"] < 60,
        )
    )
    print_table(f"Issue 10: guest book and waitlist ({server_config}; n={stats['ping']['n']} per endpoint)", rows)
    passed = all(row.passed for row in rows if row.passed is not None)
    result = {
        "issue": 10,
        "server": server_config,
        "stats": stats,
        "ratios": ratios,
        "rows_per_answer": found,
        "statistics_task": stats_task,
        "passed": passed,
    }
    save("guests", result)
    return result


if __name__ == "__main__":
    sys.exit(0 if run()["passed"] else 1)
