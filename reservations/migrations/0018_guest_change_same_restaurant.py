# A guest's change points at a booking of its own restaurant (tests/platform/test_tenant_keys.py).

from django.db import migrations

from config.constraints import same_restaurant


class Migration(migrations.Migration):
    dependencies = [
        ("reservations", "0017_guest_details_and_changes"),
    ]

    operations = [
        same_restaurant(
            "guest_change_reservation_same_restaurant",
            "reservations_guestchange",
            "reservation_id",
            "reservations_reservation",
        ),
    ]
