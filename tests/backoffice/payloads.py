"""Valid add-form payloads per admin model, built from one restaurant's objects."""

from config.versions import LATEST_VERSION


def add_payload(model: str, world) -> dict:
    o = world.objects
    r = world.restaurant
    return {
        "floorplan": lambda: {
            "restaurant": r.pk,
            "name": "New floor",
            "position": 0,
            "sections-TOTAL_FORMS": 0,
            "sections-INITIAL_FORMS": 0,
            "combinations-TOTAL_FORMS": 0,
            "combinations-INITIAL_FORMS": 0,
        },
        "section": lambda: {
            "floor_plan": o["floorplan"].pk,
            "name": "New section",
            "area_type": "indoor",
            "bookable_online": "on",
            "position": 0,
            "tables-TOTAL_FORMS": 0,
            "tables-INITIAL_FORMS": 0,
        },
        "table": lambda: {
            "section": o["section"].pk,
            "name": "T-new",
            "min_capacity": 1,
            "max_capacity": 2,
            "bookable_online": "on",
            "position": 0,
        },
        "combination": lambda: {
            "floor_plan": o["floorplan"].pk,
            "tables": [t.pk for t in o["section"].tables.all()],
            "min_capacity": 3,
            "max_capacity": 5,
            "bookable_online": "on",
        },
        "shift": lambda: {
            "floor_plan": o["floorplan"].pk,
            "name": "Lunch",
            "days": ["0", "1"],
            "start_time": "12:00",
            "end_time": "14:30",
            "slot_interval_minutes": 15,
            "seating_minutes_by_party_size": "{}",
            "position": 0,
        },
        "closure": lambda: {
            "restaurant": r.pk,
            "name": "New year",
            "start_date": "2027-01-01",
            "end_date": "2027-01-02",
        },
        "daynote": lambda: {"restaurant": r.pk, "date": "2027-02-01", "mode": "banner", "message": "Hello"},
        "block": lambda: {
            "restaurant": r.pk,
            "date": "2027-02-01",
            "start_time": "12:00",
            "end_time": "13:00",
            "tables": [o["table"].pk],
            "reason": "New block",
        },
        "company": lambda: {"restaurant": r.pk, "name": "NewCo"},
        "invitation": lambda: {"restaurant": r.pk, "email": "new-staff@example.com", "role": "host"},
        # Staff are added by invitation; this is what the change form of a membership takes.
        "membership": lambda: {"restaurant": r.pk, "role": "host"},
        "apikey": lambda: {
            "restaurant": r.pk,
            "name": "New key",
            "scopes": ["reservations:read"],
            "api_version": LATEST_VERSION,
        },
    }[model]()
