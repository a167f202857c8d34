"""Wire shape of a hold."""

from config.api.formats import iso_date, timestamp
from holds.selectors import effective_status
from reservations.api.floor_serializers import table


def hold(row, viewer, now) -> dict:
    tz = viewer.tz
    status = effective_status(row, now)
    live = status == "held"
    ended_at = row.ended_at
    if status == "expired" and ended_at is None:
        ended_at = row.expires_at  # lapsed at its deadline, before any sweep
    return {
        "object": "hold",
        "id": row.public_id,
        "kind": row.kind,
        "status": status,
        "party_size": row.party_size,
        "service_date": iso_date(row.service_date),
        "starts_at": timestamp(row.starts_at, tz),
        "ends_at": timestamp(row.ends_at, tz),
        "expires_at": timestamp(row.expires_at, tz) if live else None,
        "ended_at": timestamp(ended_at, tz) if status in ("expired", "released") else None,
        "reservation": row.reservation.public_id if row.reservation_id else None,
        "tables": [table(t) for t in row.tables.all()],
        "excluded_from_shift_limits": row.excluded_from_shift_limits,
        "metadata": row.metadata,
        "created_at": timestamp(row.created_at, tz),
        "updated_at": timestamp(row.updated_at, tz),
    }
