"""Wire shapes of a reservation and its events, gated by the viewer's scopes."""

from config.api.gating import RESERVATION_GUEST_KEYS, Viewer, gate, gate_event_data
from guests.api.serializers import guest as guest_object

from config.formats import iso_date, timestamp
from reservations.api.floor_serializers import company, table


def guarantee(row, viewer: Viewer) -> dict | None:
    if not row.guarantee_kind:
        return None
    return {
        "object": "guarantee",
        "kind": row.guarantee_kind,
        "status": row.guarantee_status or None,
        "amount": row.guarantee_amount,
        "currency": row.guarantee_currency or None,
        "expires_at": timestamp(row.guarantee_expires_at, viewer.tz),
    }


def event(row, viewer: Viewer) -> dict:
    return {
        "object": "reservation_event",
        "id": row.public_id,
        "type": row.type,
        "created_at": timestamp(row.created_at, viewer.tz),
        "data": gate_event_data(row.data, viewer),
    }


def reservation(row, viewer: Viewer, tables=None) -> dict:
    """`tables`: the booking's table rows when the caller has them (else read through `row`)."""
    tz = viewer.tz
    data = {
        "object": "reservation",
        "id": row.public_id,
        "status": row.status,
        "source": row.source,
        "booking_channel": row.booking_channel,
        "party_size": row.party_size,
        "service_date": iso_date(row.service_date),
        "starts_at": timestamp(row.starts_at, tz),
        "ends_at": timestamp(row.ends_at, tz),
        "guest_notes": row.guest_notes,
        "guest_notifications": row.guest_notifications,
        "excluded_from_shift_limits": row.excluded_from_shift_limits,
        "contact_email": row.contact_email,
        "contact_phone": row.contact_phone,
        "internal_notes": row.internal_notes,
        "guest": guest_object(row.guest, tz) if "guest" in viewer.expand else row.guest.public_id,
        "company": company(row.company),
        "tables": [table(t) for t in (row.tables.all() if tables is None else tables)],
        "guarantee": guarantee(row, viewer),
        "metadata": row.metadata,
        "created_at": timestamp(row.created_at, tz),
        "updated_at": timestamp(row.updated_at, tz),
    }
    if "modification_token" in viewer.expand:
        data["modification_token"] = row.modification_token
    if "events" in viewer.expand:
        data["events"] = [event(e, viewer) for e in row.events.all()]
    return gate(data, viewer, RESERVATION_GUEST_KEYS)
