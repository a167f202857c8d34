"""Back office of a restaurant's staff: memberships (roles, password links) and invitations.

Owners and co-owners only; see apikeys/scoped_admin.py for the scoping rules. Registered by
apikeys/admin.py, which Django's admin discovers.
"""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone

from apikeys.forms import InvitationForm, MembershipChangeForm
from apikeys.models import Invitation, Membership
from apikeys.roles import MANAGE_STAFF
from apikeys.scoped_admin import RestaurantScopedAdmin
from apikeys.services import (
    MembershipError,
    change_role,
    ensure_an_owner_remains,
    remove_member,
    resend_invitation,
    send_password_reset,
)


@admin.register(Membership)
class MembershipAdmin(RestaurantScopedAdmin):
    """A restaurant's back-office staff, managed by its owners and co-owners. New people arrive
    by invitation (InvitationAdmin): "Add" leads there."""

    required_role = MANAGE_STAFF
    list_display = ("user", "role", "email")
    list_filter = ("role",)
    search_fields = ("user__username", "user__email")
    list_select_related = ("user", "restaurant")
    ordering = ("restaurant__name", "user__username")
    fields = ("user", "restaurant", "role")
    form = MembershipChangeForm
    actions = ["send_password_reset_selected"]

    @admin.action(description="E-mail the selected staff a link to choose a new password")
    def send_password_reset_selected(self, request, queryset):
        members = list(queryset.select_related("user", "restaurant"))
        if any(not self.can_manage_restaurant(request, member.restaurant_id) for member in members):
            raise PermissionDenied
        sent = 0
        for member in members:
            try:
                send_password_reset(membership=member)
                sent += 1
            except MembershipError as error:
                self.message_user(request, str(error), messages.WARNING)
        if sent:
            self.message_user(request, f"{sent} password link(s) sent.", messages.SUCCESS)

    @admin.display(description="E-mail")
    def email(self, obj):
        return obj.user.email

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # one at a time, so the last owner is never removed
        return actions

    def get_readonly_fields(self, request, obj=None):
        fields = super().get_readonly_fields(request, obj)
        return [*fields, "user"] if "user" not in fields else fields

    def add_view(self, request, form_url="", extra_context=None):
        return HttpResponseRedirect(reverse("admin:apikeys_invitation_add", current_app=self.admin_site.name))

    def save_model(self, request, obj, form, change):
        self.check_can_manage(request, obj)
        try:
            change_role(membership=obj, role=form.cleaned_data["role"])
        except MembershipError as error:  # lost a race the form's check could not see
            self.message_user(request, str(error), messages.ERROR)

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


class InvitationStateFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("pending", "Pending"), ("accepted", "Accepted"), ("expired", "Expired")]

    def queryset(self, request, queryset):
        now = timezone.now()
        if self.value() == "pending":
            return queryset.filter(accepted_at__isnull=True, expires_at__gt=now)
        if self.value() == "accepted":
            return queryset.filter(accepted_at__isnull=False)
        if self.value() == "expired":
            return queryset.filter(accepted_at__isnull=True, expires_at__lte=now)
        return queryset


@admin.register(Invitation)
class InvitationAdmin(RestaurantScopedAdmin):
    """Invitations to a restaurant's back office: sent by e-mail, accepted through their link.

    The answer to an invitation reads the same whether the address has an account or not."""

    required_role = MANAGE_STAFF
    form = InvitationForm
    list_display = ("email", "role", "state", "invited_by", "created_at", "expires_at")
    list_filter = (InvitationStateFilter, "role")
    search_fields = ("email",)
    list_select_related = ("restaurant", "invited_by")
    actions = ["resend_selected"]

    def has_change_permission(self, request, obj=None):
        return False  # an invitation is sent, re-sent or withdrawn (deleted), never edited

    @admin.display(description="State")
    def state(self, obj):
        if obj.accepted_at:
            return f"accepted {timezone.localtime(obj.accepted_at):%Y-%m-%d}"
        return "pending" if obj.expires_at > timezone.now() else "expired"

    def save_model(self, request, obj, form, change):
        self.check_can_manage(request, obj)
        sent = form.send(invited_by=request.user)
        obj.pk, obj._state.adding = sent.invitation.pk, False

    def response_add(self, request, obj, post_url_continue=None):
        self.message_user(request, f"An invitation was sent to {obj.email}.", messages.SUCCESS)
        return HttpResponseRedirect(reverse("admin:apikeys_invitation_changelist", current_app=self.admin_site.name))

    @admin.action(description="Re-send the selected invitations (a new link each)")
    def resend_selected(self, request, queryset):
        invitations = list(queryset)
        if any(not self.can_manage_restaurant(request, invitation.restaurant_id) for invitation in invitations):
            raise PermissionDenied
        sent = 0
        for invitation in invitations:
            try:
                resend_invitation(invitation=invitation)
                sent += 1
            except MembershipError as error:
                self.message_user(request, f"{invitation.email}: {error}", messages.WARNING)
        self.message_user(request, f"{sent} invitation(s) re-sent.", messages.SUCCESS)
