"""Back office of the guest book: profiles (hosts and above), merge, unmerge and erasure.

Every write goes through guests.services (the same functions as `manage.py guest`), so each
announces itself (`guest.created`, `guest.updated`, `guest.merged`, `guest.unmerged`,
`guest.deleted`). Scoping: apikeys/scoped_admin.py. The change page is
`admin:guests_guest_change` (the day sheet links to it).
"""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.template.response import TemplateResponse

from apikeys.roles import HOST
from apikeys.scoped_admin import RestaurantScopedAdmin
from config.exceptions import DomainError
from guests import services
from guests.models import EDITABLE_FIELDS, Guest


class MergeStateFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("live", "In the guest book"), ("merged", "Merged away"), ("erased", "Erased")]

    def queryset(self, request, queryset):
        if self.value() == "live":
            return queryset.filter(merged_into__isnull=True, erased_at__isnull=True)
        if self.value() == "merged":
            return queryset.filter(merged_into__isnull=False)
        if self.value() == "erased":
            return queryset.filter(erased_at__isnull=False)
        return queryset


class GuestForm(forms.ModelForm):
    class Meta:
        model = Guest
        fields = "__all__"

    def clean(self):
        cleaned = super().clean()
        if not (cleaned.get("first_name") or "").strip() and not (cleaned.get("last_name") or "").strip():
            raise forms.ValidationError("A profile needs a first or last name.")
        return cleaned


@admin.register(Guest)
class GuestAdmin(RestaurantScopedAdmin):
    required_role = HOST
    form = GuestForm
    list_display = ("__str__", "email", "phone", "vip", "blacklisted", "visit_count", "last_visit_at", "state")
    list_filter = (MergeStateFilter, "vip", "blacklisted", "source")
    search_fields = ("first_name", "last_name", "email", "phone", "public_id")
    ordering = ("-created_at", "-id")
    list_per_page = 50
    show_full_result_count = False  # no COUNT(*) over half a million profiles on every page
    actions = ("merge_into_oldest", "unmerge", "erase")
    readonly_fields = (
        "public_id",
        "source",
        "visit_count",
        "no_show_count",
        "cancellation_count",
        "first_visit_at",
        "last_visit_at",
        "marketing_email_consent_at",
        "marketing_sms_consent_at",
        "merged_into",
        "erased_at",
        "created_at",
        "updated_at",
    )
    fieldsets = (
        (None, {"fields": ("restaurant", "public_id", "first_name", "last_name", "email", "phone", "language")}),
        ("The restaurant's notes", {"fields": ("notes", "vip", "blacklisted", "blacklist_reason")}),
        ("Preferences", {"fields": ("dietary_preferences", "allergies", "birthday", "anniversary")}),
        (
            "Consent",
            {
                "fields": (
                    "marketing_email_consent",
                    "marketing_email_consent_at",
                    "marketing_sms_consent",
                    "marketing_sms_consent_at",
                )
            },
        ),
        (
            "Visits (recomputed hourly)",
            {"fields": ("visit_count", "no_show_count", "cancellation_count", "first_visit_at", "last_visit_at")},
        ),
        ("Record", {"fields": ("source", "merged_into", "erased_at", "created_at", "updated_at")}),
    )

    @admin.display(description="state")
    def state(self, obj: Guest) -> str:
        if obj.erased_at is not None:
            return "erased"
        if obj.merged_into_id is not None:
            return "merged away"
        return "live"

    def get_search_results(self, request, queryset, search_term):
        """E-mail and phone as stored (normalised); names accent-insensitively, like the API's `query`."""
        term = search_term.strip()
        if not term:
            return queryset, False
        from guests.phones import normalize_email
        from guests.selectors import matching

        by_text = matching(queryset, term).values("id")
        return queryset.filter(Q(id__in=by_text) | Q(public_id=term) | Q(email=normalize_email(term))), False

    def has_delete_permission(self, request, obj=None):
        return False  # bookings keep their guest; data protection is the erase action

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and (obj.erased_at is not None or obj.merged_into_id is not None):
            return fields + [name for name in EDITABLE_FIELDS if name not in fields]
        return fields

    def save_model(self, request, obj, form, change):
        self.check_can_manage(request, obj)
        values = {name: form.cleaned_data[name] for name in EDITABLE_FIELDS if name in form.cleaned_data}
        if change:
            changed = {name: values[name] for name in form.changed_data if name in values}
            guest = services.update_guest(guest=obj, values=changed) if changed else obj
        else:
            guest = services.create_guest(restaurant=obj.restaurant, values=values, source="manual")
        obj.pk, obj.public_id = guest.pk, guest.public_id
        obj.refresh_from_db()

    def save_related(self, request, form, formsets, change):
        pass  # no inline; the service saved everything

    # --- actions -----------------------------------------------------------------------------------

    def _managed(self, request, queryset) -> list[Guest]:
        rows = list(queryset.select_related("restaurant"))
        for row in rows:
            self.check_can_manage(request, row)
        return rows

    def _run(self, request, label: str, work) -> bool:
        try:
            work()
        except DomainError as error:
            self.message_user(request, f"{label}: {error.message}", messages.ERROR)
            return False
        return True

    @admin.action(description="Merge the selected profiles into the oldest of them")
    def merge_into_oldest(self, request, queryset):
        rows = sorted(self._managed(request, queryset), key=lambda g: (g.created_at, g.pk))
        if len(rows) < 2 or len({g.restaurant_id for g in rows}) > 1:
            self.message_user(request, "Select two or more profiles of one restaurant.", messages.ERROR)
            return
        survivor, absorbed = rows[0], rows[1:]
        done = [
            g.public_id
            for g in absorbed
            if self._run(
                request,
                g.public_id,
                lambda g=g: services.merge_guests(survivor=survivor, absorbed=g, merged_by=request.user.get_username()),
            )
        ]
        if done:
            self.message_user(request, f"Merged {', '.join(done)} into {survivor.public_id} ({survivor}).")

    @admin.action(description="Undo the merge of the selected merged-away profiles")
    def unmerge(self, request, queryset):
        done = [
            g.public_id
            for g in self._managed(request, queryset)
            if self._run(request, g.public_id, lambda g=g: services.unmerge_guest(absorbed=g))
        ]
        if done:
            self.message_user(request, f"Restored {', '.join(done)} with their own bookings.")

    @admin.action(description="Erase the selected guests (data protection, cannot be undone)")
    def erase(self, request, queryset):
        rows = self._managed(request, queryset)
        if request.POST.get("confirm") != "yes":
            context = {
                **self.admin_site.each_context(request),
                "title": "Erase guests",
                "guests": rows,
                "queryset": queryset,
                "opts": self.model._meta,
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            }
            return TemplateResponse(request, "admin/guests/guest/erase_confirmation.html", context)
        if not rows:
            raise PermissionDenied
        done = [g.public_id for g in rows if self._run(request, g.public_id, lambda g=g: services.erase_guest(guest=g))]
        if done:
            self.message_user(request, f"Erased {', '.join(done)}: personal data blanked everywhere.")
