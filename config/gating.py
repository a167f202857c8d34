"""Guest-data gating, decided here and nowhere else.

Payloads are rendered in full; before one leaves for a reader without
`guests:read`, `redact` removes the guest data from every object in it, by the
object's type: the keys are absent (never null, never a 403). The API applies it
to every response and every idempotent replay; webhook deliveries and the back
office show guest data in full.
"""

# Guest-data keys of each object type that carries some.
GUEST_KEYS = {
    "reservation": ("contact_email", "contact_phone", "guest_notes", "internal_notes"),
    "waitlist_entry": ("notes",),
}
# At the top of a reservation event's data, and inside its `changes`.
EVENT_GUEST_KEYS = ("contact_email", "contact_phone", "submitted_guest_name", "submitted_email", "submitted_phone")
CHANGES_GUEST_KEYS = GUEST_KEYS["reservation"]


def redact(payload, guest_data: bool):
    """`payload` as a reader without `guests:read` may see it (unchanged for one with it)."""
    if guest_data:
        return payload
    if isinstance(payload, list):
        return [redact(item, False) for item in payload]
    if not isinstance(payload, dict):
        return payload
    kind = payload.get("object")
    if kind == "guest":
        return payload.get("id")  # a guest object is guest data as a whole
    hidden = GUEST_KEYS.get(kind, ())
    result = {}
    for key, value in payload.items():
        if key in hidden:
            continue
        if key == "metadata":  # the integrator's own data, never a payload of ours
            result[key] = value
        elif kind == "reservation_event" and key == "data":
            result[key] = _event_data(value)
        elif isinstance(value, (dict, list)):
            result[key] = redact(value, False)
        else:
            result[key] = value
    return result


def _event_data(data: dict) -> dict:
    data = {key: value for key, value in data.items() if key not in EVENT_GUEST_KEYS}
    if isinstance(data.get("changes"), dict):
        data["changes"] = {k: v for k, v in data["changes"].items() if k not in CHANGES_GUEST_KEYS}
    return data
