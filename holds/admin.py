"""Holds in the admin's own lists: read-only rows, and the release the host's pages and `manage.py
booking release-hold` make (holds.services.staff_release_hold)."""

from django.contrib import admin

from apikeys.roles import HOST
from apikeys.scoped_admin import RestaurantScopedAdmin
from holds.models import Hold
from holds.services import staff_release_hold
from reservations.admin.bookings import run_each


@admin.register(Hold)
class HoldAdmin(RestaurantScopedAdmin):
    required_role = HOST
    list_display = ("public_id", "service_date", "party_size", "kind", "status", "expires_at")
    list_filter = ("status", "kind", "service_date")
    search_fields = ("public_id",)
    ordering = ("-created_at",)
    actions = ["release"]
    readonly_fields = [f.name for f in Hold._meta.concrete_fields if f.name not in ("id",)]
    exclude = ("tables",)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) if obj is None else False

    @admin.action(description="Release selected holds")
    def release(self, request, queryset):
        run_each(self, request, queryset, lambda row, actor: staff_release_hold(hold=row, actor=actor), "released")
