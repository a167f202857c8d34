"""Back office of API access: keys (mint, show the secret once, revoke) and staff memberships.

Owners and co-owners only; see apikeys/scoped_admin.py for the scoping rules.
"""

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.exceptions import DisallowedModelAdminLookup
from django.contrib.admin.utils import unquote
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from apikeys.forms import MembershipAddForm, MembershipChangeForm, MintKeyForm
from apikeys.models import ApiKey, Membership
from apikeys.roles import MANAGE_KEYS, MANAGE_STAFF
from apikeys.scoped_admin import RestaurantScopedAdmin
from apikeys.secrets import SECRET_PREFIX, hash_secret
from apikeys.services import (
    KeyMintError,
    MembershipError,
    change_role,
    ensure_an_owner_remains,
    mint_key,
    remove_member,
    revoke_key,
)
from reservations.models import Restaurant

admin.site.site_header = "Reservations back office"
admin.site.site_title = "Reservations back office"
admin.site.index_title = "Back office"

# The freshly minted secret travels to the owner's browser in a signed, short-lived,
# HttpOnly cookie scoped to the key's "secret" page, which reads it once and deletes it:
# the server never stores it, and a reload of that page shows only the last 4.
SECRET_COOKIE = "apikey_secret_once"
SECRET_COOKIE_SALT = "apikeys.admin.secret-once"
SECRET_COOKIE_MAX_AGE = 300


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
    list_display = ("name", "masked_secret", "scopes_display", "api_version", "created_at", "state")
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
        return ", ".join(obj.scopes)

    @admin.display(description="Created by")
    def creator(self, obj):
        return obj.created_by.get_username() if obj.created_by_id else "-"

    @admin.display(description="State")
    def state(self, obj):
        if obj.revoked_at is None:
            return "live"
        return format_html("revoked {}", obj.revoked_at.strftime("%Y-%m-%d %H:%M UTC"))

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
        restaurants = self.scope_choices(request, Restaurant.objects.all())
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
                secret_url = reverse(
                    "admin:apikeys_apikey_secret", args=[minted.key.pk], current_app=self.admin_site.name
                )
                response = HttpResponseRedirect(secret_url)
                token = signing.dumps(
                    {"k": minted.key.pk, "u": request.user.pk, "s": minted.secret}, salt=SECRET_COOKIE_SALT
                )
                response.set_cookie(
                    SECRET_COOKIE,
                    token,
                    max_age=SECRET_COOKIE_MAX_AGE,
                    path=secret_url,
                    secure=request.is_secure(),
                    httponly=True,
                    samesite="Strict",
                )
                return response
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
        token = request.COOKIES.get(SECRET_COOKIE)
        if token:
            try:
                payload = signing.loads(token, salt=SECRET_COOKIE_SALT, max_age=SECRET_COOKIE_MAX_AGE)
            except signing.BadSignature:
                payload = {}
            candidate = payload.get("s") if isinstance(payload, dict) else None
            if (
                isinstance(candidate, str)
                and payload.get("k") == key.pk
                and payload.get("u") == request.user.pk
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
        if token is not None:
            response.delete_cookie(SECRET_COOKIE, path=request.path, samesite="Strict")
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


@admin.register(Membership)
class MembershipAdmin(RestaurantScopedAdmin):
    """A restaurant's back-office staff, managed by its owners and co-owners."""

    required_role = MANAGE_STAFF
    list_display = ("user", "role", "email")
    list_filter = ("role",)
    search_fields = ("user__username", "user__email")
    list_select_related = ("user", "restaurant")
    ordering = ("restaurant__name", "user__username")

    @admin.display(description="E-mail")
    def email(self, obj):
        return obj.user.email

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # one at a time, so the last owner is never removed
        return actions

    def get_fieldsets(self, request, obj=None):
        if obj is None:
            return [(None, {"fields": ["restaurant", "username", "email", "password", "role"]})]
        return [(None, {"fields": ["user", "restaurant", "role"]})]

    def get_readonly_fields(self, request, obj=None):
        fields = super().get_readonly_fields(request, obj)
        if obj is not None and "user" not in fields:
            fields = [*fields, "user"]
        return fields

    def get_form(self, request, obj=None, change=False, **kwargs):
        kwargs["form"] = MembershipChangeForm if obj is not None else MembershipAddForm
        return super().get_form(request, obj, change, **kwargs)

    def save_model(self, request, obj, form, change):
        self.check_can_manage(request, obj)
        if change:
            try:
                change_role(membership=obj, role=form.cleaned_data["role"])
            except MembershipError as error:  # lost a race the form's check could not see
                self.message_user(request, str(error), messages.ERROR)
            return
        created = form.create_member()  # the service creates the account and the role
        obj.pk, obj.user, obj._state.adding = created.pk, created.user, False

    def delete_model(self, request, obj):
        self.check_can_manage(request, obj)
        try:
            remove_member(membership=obj)
        except MembershipError as error:
            self.message_user(request, str(error), messages.ERROR)

    def has_delete_permission(self, request, obj=None):
        if not super().has_delete_permission(request, obj):
            return False
        if obj is not None and not request.user.is_superuser:
            try:
                ensure_an_owner_remains(obj, None)
            except MembershipError:
                return False
        return True
