"""The restaurant's own page: its booking rules, languages, channels (operator settings read-only
for everyone but superusers)."""

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db import models

from reservations.admin.forms import RestaurantForm
from reservations.admin.policy import PolicyAdmin
from reservations.models import Restaurant

# Operator settings (plan, payments switch, rate-limit raises): superusers only.
OPERATOR_FIELDS = (
    "slug",
    "api_access",
    "payments_enabled",
    "write_burst",
    "write_per_second",
    "write_per_day",
    "read_burst",
    "read_per_second",
)
VERSION_FIELDS = ("availability_version", "policy_version")


@admin.register(Restaurant)
class RestaurantAdmin(PolicyAdmin):
    form = RestaurantForm
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    restaurant_lookup = "pk"
    show_restaurant_column = False
    list_display = ("name", "slug", "timezone", "country", "currency", "public_id")
    search_fields = ("name", "slug", "public_id")
    readonly_fields = ("public_id", *VERSION_FIELDS, "created_at", "updated_at")
    fieldsets = (
        (None, {"fields": ("name", "slug", "public_id", "timezone", "country", "currency")}),
        ("Languages", {"fields": ("primary_language", "guest_languages")}),
        (
            "Bookings",
            {
                "fields": (
                    "min_party_size",
                    "max_party_size",
                    "default_party_size",
                    "max_advance_days",
                    "default_cutoff_minutes",
                    "show_seating_preference",
                )
            },
        ),
        ("At the host stand", {"fields": ("manager_only_warnings",)}),
        ("Guest details", {"fields": ("require_guest_email", "require_guest_phone", "required_guest_fields")}),
        (
            "Channels",
            {
                "fields": (
                    "api_access",
                    "payments_enabled",
                    "payment_provider",
                    "widget_enabled",
                    "guest_changes_allowed",
                    "booking_page_url",
                )
            },
        ),
        (
            "What guests read (their booking's page and e-mails)",
            {"fields": ("address", "phone", "map_url")},
        ),
        (
            "Rate-limit raises (empty: the contract's defaults)",
            {
                "classes": ("collapse",),
                "fields": ("write_burst", "write_per_second", "write_per_day", "read_burst", "read_per_second"),
            },
        ),
        ("Record", {"fields": (*VERSION_FIELDS, "created_at", "updated_at")}),
    )

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if not request.user.is_superuser:
            fields += [name for name in OPERATOR_FIELDS if name not in fields]
        return fields

    def has_add_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_delete_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    def save_model(self, request, obj, form, change):
        if not change:
            if not request.user.is_superuser:
                raise PermissionDenied
            obj.save()
            return
        self.check_can_manage(request, obj)
        # Never write the versions back: a booking may have bumped them since this page loaded.
        skip = {"id", *VERSION_FIELDS, "created_at"}
        obj.save(update_fields=[f.name for f in obj._meta.concrete_fields if f.name not in skip])
