"""The visit statistics of profiles, recomputed from the restaurant's bookings in one statement."""

from django.db import connection, transaction
from django.utils import timezone

from config.tenancy import restaurant_model

VISIT_STATUSES = ("seated", "partially_seated", "completed")

# One statement per restaurant: aggregate its bookings per guest, join every profile of the restaurant
# (so a profile whose bookings went elsewhere drops back to zero), and write only the rows that differ.
# No indexed column changes (not even updated_at), so PostgreSQL can update the rows in place (HOT,
# helped by the table's fillfactor of 50): no index entry is written, the trigram index included.
STATISTICS_SQL = """
UPDATE guests_guest AS g
SET visit_count = n.visits, no_show_count = n.no_shows, cancellation_count = n.cancels,
    first_visit_at = n.first_visit, last_visit_at = n.last_visit
FROM (
    SELECT p.id,
           coalesce(s.visits, 0) AS visits, coalesce(s.no_shows, 0) AS no_shows,
           coalesce(s.cancels, 0) AS cancels, s.first_visit, s.last_visit
    FROM guests_guest AS p
    LEFT JOIN (
        SELECT r.guest_id,
               count(*) FILTER (WHERE r.status IN ('seated', 'partially_seated', 'completed')) AS visits,
               count(*) FILTER (WHERE r.status = 'no_show') AS no_shows,
               count(*) FILTER (WHERE r.status = 'cancelled' AND r.starts_at < %(now)s) AS cancels,
               min(r.starts_at) FILTER (WHERE r.status IN ('seated', 'partially_seated', 'completed')) AS first_visit,
               max(r.starts_at) FILTER (WHERE r.status IN ('seated', 'partially_seated', 'completed')) AS last_visit
        FROM reservations_reservation AS r
        WHERE r.restaurant_id = %(restaurant)s {reservation_filter}
        GROUP BY r.guest_id
    ) AS s ON s.guest_id = p.id
    WHERE p.restaurant_id = %(restaurant)s {guest_filter}
) AS n
WHERE g.id = n.id
  AND (g.visit_count, g.no_show_count, g.cancellation_count, g.first_visit_at, g.last_visit_at)
      IS DISTINCT FROM (n.visits, n.no_shows, n.cancels, n.first_visit, n.last_visit)
"""


def recompute_statistics(*, restaurant_id: int, guest_ids: list[int] | None = None, now=None) -> int:
    """`visit_count`, `no_show_count`, `cancellation_count`, `first_visit_at`, `last_visit_at` of the
    restaurant's profiles (or of `guest_ids`), in one set-based statement. Returns the rows changed.
    Derived figures are not an edit: neither `updated_at` nor an event moves."""
    params = {"now": now or timezone.now(), "restaurant": restaurant_id}
    reservation_filter = guest_filter = ""
    if guest_ids is not None:
        params["guests"] = list(guest_ids)
        reservation_filter = "AND r.guest_id = ANY(%(guests)s)"
        guest_filter = "AND p.id = ANY(%(guests)s)"
    sql = STATISTICS_SQL.format(reservation_filter=reservation_filter, guest_filter=guest_filter)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def recompute_all_statistics(now=None) -> dict[int, int]:
    """The hourly task: every restaurant with guests, each in its own short transaction."""
    now = now or timezone.now()
    changed = {}
    for restaurant_id in restaurant_model().objects.order_by("id").values_list("id", flat=True):
        with transaction.atomic():
            changed[restaurant_id] = recompute_statistics(restaurant_id=restaurant_id, now=now)
    return changed
