"""A guest's visit statistics, recomputed from their bookings when staff move one.

`visit_count` counts bookings ended seated, partially seated or completed; `no_show_count` the
no-shows; `cancellation_count` the cancelled bookings whose time has passed. One aggregate query
and one UPDATE; the hourly recompute (guests app) arrives at the same numbers.
"""

from django.db.models import Count, Max, Min, Q
from django.utils import timezone

from guests.models import Guest
from reservations.models import Reservation

VISITED = ("seated", "partially_seated", "completed")


def refresh_guest_statistics(guest_id: int) -> None:
    visited = Q(status__in=VISITED)
    figures = Reservation.objects.filter(guest_id=guest_id).aggregate(
        visits=Count("id", filter=visited),
        no_shows=Count("id", filter=Q(status="no_show")),
        cancellations=Count("id", filter=Q(status="cancelled", starts_at__lt=timezone.now())),
        first=Min("starts_at", filter=visited),
        last=Max("starts_at", filter=visited),
    )
    Guest.objects.filter(pk=guest_id).update(
        visit_count=figures["visits"],
        no_show_count=figures["no_shows"],
        cancellation_count=figures["cancellations"],
        first_visit_at=figures["first"],
        last_visit_at=figures["last"],
    )
