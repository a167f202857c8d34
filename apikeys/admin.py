"""Back office of API access: keys (mint, show the secret once, revoke); staff and invitations are in
apikeys/staff_admin.py (registered from here).

Owners and co-owners only; see apikeys/scoped_admin.py for the scoping rules.
"""

import threading
import time

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.exceptions import DisallowedModelAdminLookup
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from apikeys.forms import MintKeyForm
from apikeys.models import ApiKey
from apikeys.roles import MANAGE_KEYS
from apikeys.scoped_admin import RestaurantScopedAdmin
from apikeys.secrets import SECRET_PREFIX, hash_secret
from apikeys.services import (
    KeyMintError,
    MembershipError,
    mint_key,
    remove_member,
    revoke_key,
)
from apikeys.usage import recent_use
from config.tenancy import restaurant_model

admin.site.site_header = "Reservations back office"
admin.site.site_title = "Reservations back office"
admin.site.index_title = "Back office"

# The freshly minted secret waits in the owner's own server-side session for the key's
# "secret" page, which takes it out on its first view (within five minutes): it never
# travels in a cookie, no other session can read it, and a reload shows only the last 4.
SECRET_SESSION_KEY = "apikeys.secret_once"
SECRET_MAX_AGE = 300
_page = threading.local()


class KeyStateFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("live", "Live"), ("revoked", "Revoked")]

    def queryset(self, request, queryset):
        if self.value() == "live":
            return queryset.filter(revoked_at__isnull=True)
        if self.value() == "revoked":
            return queryset.filter(revoked_at__isnull=False)
        return queryset


@admin.register(ApiKey)
class ApiKeyAdmin(RestaurantScopedAdmin):
    required_role = MANAGE_KEYS
    # The state first after the name: at 1280 px nothing of it may fall off the right edge.
    list_display = ("name", "state", "masked_secret", "scopes_display", "last_used", "created", "api_version")
    list_filter = (KeyStateFilter, "api_version")
    search_fields = ("name", "last4", "public_id")
    list_select_related = ("restaurant", "created_by")
    ordering = ("-created_at",)
    actions = ["revoke_selected"]
    fields = (
        "name",
        "masked_secret",
        "public_id",
        "restaurant",
        "scopes_display",
        "api_version",
        "created_at",
        "creator",
        "state",
    )
    readonly_fields = fields
    change_form_template = "admin/apikeys/apikey/change_form.html"

    # A key is never edited (its scopes cannot be widened) nor deleted: it is revoked.
    def has_change_permission(self, request, obj=None):
        return False

    def delete_model(self, request, obj):
        self.check_can_manage(request, obj)
        try:
            remove_member(membership=obj)
        except MembershipError as error:
            self.message_user(request, str(error), messages.ERROR)

    def has_delete_permission(self, request, obj=None):
        return False

    def lookup_allowed(self, lookup, value, request=None):
        # The hash never leaves the server, not even as a yes/no answer to a filter.
        if lookup.split("__")[0] == "secret_hash":
            raise DisallowedModelAdminLookup(f"Filtering by {lookup} not allowed")
        return super().lookup_allowed(lookup, value, request)

    @admin.display(description="Secret")
    def masked_secret(self, obj):
        return f"{SECRET_PREFIX}...{obj.last4}"

    @admin.display(description="Scopes")
    def scopes_display(self, obj):
        # One scope a line, each free to wrap after a colon (reservations:<wbr>write:<wbr>override).
        parts = (scope.split(":") for scope in obj.scopes)
        return format_html_join(
            mark_safe("<br>"), "{}", ((mark_safe(":<wbr>".join(escape(p) for p in part)),) for part in parts)
        )

    @admin.display(description="Created", ordering="created_at")
    def created(self, obj):
        return timezone.localtime(obj.created_at).strftime("%Y-%m-%d")

    @admin.display(description="Last used", ordering="last_used_at")
    def last_used(self, obj):
        marks = getattr(_page, "recent_use", {})
        used = max([t for t in (obj.last_used_at, marks.get(obj.public_id)) if t is not None], default=None)
        return timezone.localtime(used).strftime("%Y-%m-%d %H:%M") if used else "never"

    def changelist_view(self, request, extra_context=None):
        response = super().changelist_view(request, extra_context)
        changelist = (getattr(response, "context_data", None) or {}).get("cl")
        if changelist is None:
            return response
        # The uses not yet copied into the database, for the keys of this page (one MGET),
        # for this thread while the page renders (the admin instance is shared by threads).
        _page.recent_use = recent_use(key.public_id for key in changelist.result_list)
        try:
            return response.render()
        finally:
            _page.recent_use = {}

    @admin.display(description="Created by")
    def creator(self, obj):
        return obj.created_by.get_username() if obj.created_by_id else "-"

    @admin.display(description="State")
    def state(self, obj):
        if obj.revoked_at is None:
            return "live"
        # In the restaurant's time zone (the back office's middleware activates it).
        return format_html("revoked {}", timezone.localtime(obj.revoked_at).strftime("%Y-%m-%d %H:%M %Z"))

    # --- URLs -------------------------------------------------------------------------

    def get_urls(self):
        info = self.opts.app_label, self.opts.model_name
        extra = [
            path(
                "<path:object_id>/secret/",
                self.admin_site.admin_view(self.secret_view),
                name="%s_%s_secret" % info,
            ),
            path(
                "<path:object_id>/revoke/",
                self.admin_site.admin_view(require_POST(self.revoke_view)),
                name="%s_%s_revoke" % info,
            ),
        ]
        return extra + super().get_urls()

    def _managed_key(self, request, object_id) -> ApiKey:
        key = self.get_object(request, unquote(object_id))
        if key is None or not self.can_manage_restaurant(request, key.restaurant_id):
            raise Http404("No such API key.")
        return key

    # --- mint -----------------------------------------------------------------------------

    def add_view(self, request, form_url="", extra_context=None):
        if not self.has_add_permission(request):
            raise PermissionDenied
        restaurants = self.scope_choices(request, restaurant_model().objects.all())
        form = MintKeyForm(request.POST or None, restaurants=restaurants)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                minted = mint_key(
                    restaurant=data["restaurant"],
                    name=data["name"],
                    scopes=data["scopes"],
                    api_version=data["api_version"],
                    created_by=request.user,
                )
            except KeyMintError as exc:
                form.add_error(None, str(exc))
            else:
                self.log_addition(request, minted.key, [{"added": {}}])
                request.session[SECRET_SESSION_KEY] = {"key": minted.key.pk, "secret": minted.secret, "at": time.time()}
                secret_url = reverse(
                    "admin:apikeys_apikey_secret", args=[minted.key.pk], current_app=self.admin_site.name
                )
                return HttpResponseRedirect(secret_url)
        fieldsets = [(None, {"fields": ["name", "restaurant", "scopes", "api_version"]})]
        admin_form = helpers.AdminForm(form, fieldsets, {}, (), model_admin=self)
        context = {
            **self.admin_site.each_context(request),
            "title": "Add API key",
            "subtitle": None,
            "adminform": admin_form,
            "object_id": None,
            "original": None,
            "is_popup": False,
            "to_field": None,
            "media": self.media + admin_form.media,
            "inline_admin_formsets": [],
            "errors": helpers.AdminErrorList(form, []),
            "preserved_filters": self.get_preserved_filters(request),
            "show_save_and_add_another": False,
            "show_save_and_continue": False,
            **(extra_context or {}),
        }
        return self.render_change_form(request, context, add=True, form_url=form_url)

    def secret_view(self, request, object_id):
        key = self._managed_key(request, object_id)
        secret = None
        payload = request.session.get(SECRET_SESSION_KEY)
        if isinstance(payload, dict) and payload.get("key") == key.pk:
            del request.session[SECRET_SESSION_KEY]  # shown once, whatever follows
            candidate = payload.get("secret")
            if (
                isinstance(candidate, str)
                and time.time() - payload.get("at", 0) < SECRET_MAX_AGE
                and key.is_live
                and hash_secret(candidate) == key.secret_hash
            ):
                secret = candidate
        context = {
            **self.admin_site.each_context(request),
            "title": "API key created" if secret else "API key secret",
            "opts": self.opts,
            "key": key,
            "secret": secret,
            "masked": self.masked_secret(key),
        }
        request.current_app = self.admin_site.name
        response = TemplateResponse(request, "admin/apikeys/apikey/secret.html", context)
        response["Cache-Control"] = "no-store"  # the page holds a secret: never kept by a browser or proxy
        return response

    # --- revoke ---------------------------------------------------------------------------

    def revoke_view(self, request, object_id):
        key = self._managed_key(request, object_id)
        if key.is_live:
            revoke_key(key=key)
            self.log_change(request, key, [{"changed": {"fields": ["revoked"]}}])
            self.message_user(request, f"The key “{key}” is revoked.", messages.SUCCESS)
        else:
            self.message_user(request, f"The key “{key}” was already revoked.", messages.INFO)
        return HttpResponseRedirect(
            reverse("admin:apikeys_apikey_change", args=[key.pk], current_app=self.admin_site.name)
        )

    @admin.action(description="Revoke selected API keys")
    def revoke_selected(self, request, queryset):
        keys = list(queryset)
        if any(not self.can_manage_restaurant(request, key.restaurant_id) for key in keys):
            raise PermissionDenied
        if request.POST.get("confirm") != "yes":
            # Ask first, listing the keys and what stops working (as Django's delete action does).
            context = {
                **self.admin_site.each_context(request),
                "title": "Revoke these API keys?",
                "opts": self.opts,
                "keys": keys,
                "live": [key for key in keys if key.is_live],
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            }
            request.current_app = self.admin_site.name
            return TemplateResponse(request, "admin/apikeys/apikey/revoke_confirmation.html", context)
        revoked = 0
        for key in keys:
            if key.is_live:
                revoke_key(key=key)
                self.log_change(request, key, [{"changed": {"fields": ["revoked"]}}])
                revoked += 1
        self.message_user(request, f"{revoked} key(s) revoked.", messages.SUCCESS)

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context["can_revoke"] = obj.is_live and self.can_manage_restaurant(request, obj.restaurant_id)
            context["revoke_url"] = reverse(
                "admin:apikeys_apikey_revoke", args=[obj.pk], current_app=self.admin_site.name
            )
        return super().render_change_form(request, context, add=add, change=change, form_url=form_url, obj=obj)


from apikeys import staff_admin  # noqa: E402, F401  (staff and invitations register their admins)
