"""Back-office forms of API access: minting a key, inviting and managing a restaurant's staff."""

from django import forms
from django.core.exceptions import ValidationError

from apikeys.models import DEFAULT_SCOPES, SCOPES, Invitation, Membership, Role
from apikeys.services import (
    KeyMintError,
    MembershipError,
    SentInvitation,
    ensure_an_owner_remains,
    invite_member,
    validate_scopes,
)
from config.versions import LATEST_VERSION, VERSIONS

SCOPE_HELP = {
    "reservations:read": "reservations, their events, availability, configuration, sections, holds, waitlist",
    "reservations:write": "book, change, cancel; place and release holds",
    "reservations:write:override": "override, excluded_from_shift_limits, entire_section_id (needs reservations:write)",
    "guests:read": "guest records and guest data on bookings and waitlist entries",
}
ROLE_CHOICES = Role.choices


class MintKeyForm(forms.Form):
    """What an owner chooses for a new key. Scopes are fixed for the key's life."""

    name = forms.CharField(max_length=100, help_text="Who uses this key, e.g. the partner's name.")
    restaurant = forms.ModelChoiceField(queryset=None)
    scopes = forms.MultipleChoiceField(
        choices=[(scope, f"{scope} ({SCOPE_HELP[scope]})") for scope in SCOPES],
        initial=list(DEFAULT_SCOPES),
        widget=forms.CheckboxSelectMultiple,
        help_text="Scopes cannot be widened later: mint another key instead.",
    )
    api_version = forms.ChoiceField(
        label="Pinned API version", choices=[(v, v) for v in VERSIONS], initial=LATEST_VERSION
    )

    def __init__(self, *args, restaurants, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["restaurant"].queryset = restaurants
        only = list(restaurants[:2])
        if len(only) == 1:
            self.fields["restaurant"].initial = only[0].pk

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise ValidationError("A key needs a name.")
        return name

    def clean_scopes(self):
        try:
            return validate_scopes(self.cleaned_data["scopes"])
        except KeyMintError as exc:
            raise ValidationError(str(exc)) from exc


class InvitationForm(forms.ModelForm):
    """Invites a person, by e-mail, to a role: they accept through the e-mailed link."""

    role = forms.ChoiceField(choices=ROLE_CHOICES, initial=Role.HOST)

    class Meta:
        model = Invitation
        fields = ("restaurant", "email", "role")
        help_texts = {"email": "Where the invitation link goes; an account of theirs, or a new one, accepts it."}

    def save(self, commit=False):
        """Never saves by itself: the admin's save_model calls `send`."""
        return super().save(commit=False)

    def send(self, invited_by) -> SentInvitation:
        data = self.cleaned_data
        return invite_member(
            restaurant=data["restaurant"], email=data["email"], role=data["role"], invited_by=invited_by
        )


class MembershipChangeForm(forms.ModelForm):
    role = forms.ChoiceField(choices=ROLE_CHOICES)

    class Meta:
        model = Membership
        fields = ("role",)

    def clean_role(self):
        role = self.cleaned_data["role"]
        try:
            ensure_an_owner_remains(Membership.objects.get(pk=self.instance.pk), role)
        except MembershipError as error:
            raise ValidationError(str(error)) from error
        return role
