"""Bookings in the admin's own lists (holds: holds.admin): read-only rows (changes go through the
services), and actions that call the same services as the host's pages and `manage.py booking`, read
from the registry of staff moves (reservations.services.staff.registry).

A bulk action confirms no warning: a booking a warning stands against is reported (its message
says what), to be moved from its card on the timeline, where the warning is confirmed with a tap.
"""

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html

from apikeys.roles import HOST, staff_actor
from apikeys.scoped_admin import RestaurantScopedAdmin
from config.exceptions import DomainError
from config.formats import zone
from reservations.models import Reservation
from reservations.services.staff.registry import MOVES


def run_each(modeladmin, request, queryset, service, done: str) -> None:
    """One service call per selected row, each in its own transaction; refusals are listed."""
    succeeded, refused = 0, []
    for row in queryset.select_related("restaurant"):
        modeladmin.check_can_manage(request, row)
        try:
            service(row, staff_actor(request, row.restaurant_id))
        except DomainError as error:
            name = getattr(row, "public_id", "")
            refused.append(error.message if name in error.message else f"{name}: {error.message}")
        else:
            succeeded += 1
    if succeeded:
        modeladmin.message_user(request, f"{succeeded} {done}.", messages.SUCCESS)
    for line in refused:
        modeladmin.message_user(request, line, messages.ERROR)


def _booking_action(move):
    def action(modeladmin, request, queryset):
        run_each(
            modeladmin, request, queryset, lambda row, actor: move.service(reservation=row, actor=actor), move.done
        )

    action.__name__ = move.name
    return admin.action(description=f"{move.label} (selected bookings)")(action)


@admin.register(Reservation)
class ReservationAdmin(RestaurantScopedAdmin):
    required_role = HOST
    list_display = (
        "public_id",
        "service_date",
        "local_time",
        "party_size",
        "guest",
        "status",
        "table_names",
        "booking_channel",
        "day_sheet_link",
    )
    list_filter = ("status", "booking_channel", "service_date")
    search_fields = ("public_id", "guest__first_name", "guest__last_name", "guest__phone", "guest__email")
    list_select_related = ("guest", "restaurant")
    date_hierarchy = "service_date"
    ordering = ("-service_date", "starts_at")
    actions = [_booking_action(move) for move in MOVES.values() if move.admin]
    # Never the modification token: it opens the guest's own page as the guest.
    readonly_fields = [f.name for f in Reservation._meta.concrete_fields if f.name not in ("id", "modification_token")]
    exclude = ("tables", "modification_token")

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("tables")

    def has_add_permission(self, request):
        return False  # phone bookings and walk-ins: the host's pages (timeline, list)

    def has_delete_permission(self, request, obj=None):
        return False  # a booking is cancelled, never deleted

    def has_change_permission(self, request, obj=None):
        # Rows are read-only; actions need the right to act (checked per row by check_can_manage).
        return super().has_change_permission(request, obj) if obj is None else False

    @admin.display(description="Time")
    def local_time(self, obj):
        return obj.starts_at.astimezone(zone(obj.restaurant.timezone)).strftime("%H:%M")

    @admin.display(description="Tables")
    def table_names(self, obj):
        return ", ".join(table.name for table in obj.tables.all()) or "-"

    @admin.display(description="Card")
    def day_sheet_link(self, obj):
        return format_html('<a href="{}">open its card</a>', reverse("admin:day_sheet_booking", args=[obj.public_id]))
