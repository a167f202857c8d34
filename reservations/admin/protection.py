"""No policy edit may silently change or delete a booking.

- Deleting a table, section, floor plan, service (shift) or company that bookings depend on is
  refused, the bookings listed (the admin's own "protected objects" page; inline deletions are
  refused by the formset). Django would otherwise cascade the bookings' table links or set
  their service or company to nothing.
- Shrinking a table below a party booked on it saves (the manager may mean it) with a warning
  that lists the bookings to move.
"""

from django.db.models import Q, Sum
from django.forms import ValidationError
from django.utils import timezone

from apikeys.scoped_admin import ScopedInlineFormSet
from config.formats import zone
from reservations.models import Company, FloorPlan, Reservation, Section, Shift, Table
from reservations.models.booking import OCCUPYING_STATUSES

SHOWN = 20


def dependent_bookings(obj):
    """The bookings that deleting `obj` would change (None: nothing depends on such objects)."""
    if isinstance(obj, Table):
        condition = Q(tables=obj)
    elif isinstance(obj, Section):
        condition = Q(tables__section=obj) | Q(section_group=obj)
    elif isinstance(obj, FloorPlan):
        condition = Q(tables__section__floor_plan=obj) | Q(shift__floor_plan=obj)
    elif isinstance(obj, Shift):
        condition = Q(shift=obj)
    elif isinstance(obj, Company):
        condition = Q(company=obj)
    else:
        return None
    return (
        Reservation.objects.filter(condition, restaurant_id=obj.restaurant_id)
        .exclude(status="cancelled")
        .select_related("guest", "restaurant")
        .distinct()
        .order_by("-service_date", "starts_at")
    )


def describe(booking) -> str:
    local = booking.starts_at.astimezone(zone(booking.restaurant.timezone))
    return (
        f"Booking {booking.public_id}: {booking.service_date.isoformat()} {local:%H:%M}, "
        f"{booking.guest}, party of {booking.party_size} ({booking.status})"
    )


def protected_bookings(objects) -> list[str]:
    lines = []
    for obj in objects:
        bookings = dependent_bookings(obj)
        if bookings is None:
            continue
        rows = list(bookings[: SHOWN + 1])
        lines += [f"{obj._meta.verbose_name.capitalize()} {obj}: {describe(b)}" for b in rows[:SHOWN]]
        if len(rows) > SHOWN:
            lines.append(f"{obj._meta.verbose_name.capitalize()} {obj}: and more bookings")
    return lines


class ProtectingInlineFormSet(ScopedInlineFormSet):
    """Refuses to delete an inline row (a table, a section) that bookings depend on."""

    def clean(self):
        super().clean()
        for form in self.deleted_forms:
            instance = form.instance
            if instance.pk is None:
                continue
            lines = protected_bookings([instance])
            if lines:
                raise ValidationError(f"{instance} cannot be deleted: bookings depend on it. " + "; ".join(lines[:5]))


def outgrown_bookings(table: Table, now=None) -> list[str]:
    """Upcoming live bookings on `table` whose party its tables no longer seat."""
    now = now or timezone.now()
    bookings = (
        Reservation.objects.filter(
            tables=table, status__in=OCCUPYING_STATUSES, starts_at__gte=now - timezone.timedelta(hours=6)
        )
        .annotate(seats=Sum("tables__max_capacity"))
        .select_related("guest", "restaurant")
        .order_by("starts_at")
    )
    return [describe(b) + f", seated at {b.seats}" for b in bookings if b.seats is not None and b.seats < b.party_size]
