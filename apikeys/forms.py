"""Back-office forms of API access: minting a key, adding a restaurant's staff."""

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError

from apikeys.models import DEFAULT_SCOPES, ROLES, SCOPES, Membership
from apikeys.services import KeyMintError, MembershipError, add_member, ensure_an_owner_remains, validate_scopes
from config.versions import LATEST_VERSION, VERSIONS

SCOPE_HELP = {
    "reservations:read": "reservations, their events, availability, configuration, sections, holds, waitlist",
    "reservations:write": "book, change, cancel; place and release holds",
    "reservations:write:override": "override, excluded_from_shift_limits, entire_section_id (needs reservations:write)",
    "guests:read": "guest records and guest data on bookings and waitlist entries",
}
ROLE_CHOICES = [(role, role.replace("_", "-")) for role in ROLES]


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


class MembershipAddForm(forms.ModelForm):
    """Gives a person a role at a restaurant, creating their back-office account if needed."""

    username = forms.CharField(max_length=150, help_text="An existing back-office account, or a new one.")
    email = forms.EmailField(required=False, help_text="For a new account only.")
    password = forms.CharField(
        required=False,
        strip=False,
        widget=forms.PasswordInput(render_value=False),
        help_text="Needed for a new account; never changes an existing account's password.",
    )
    role = forms.ChoiceField(choices=ROLE_CHOICES)

    class Meta:
        model = Membership
        fields = ("restaurant", "username", "email", "password", "role")

    def clean(self):
        cleaned = super().clean()
        username = (cleaned.get("username") or "").strip()
        restaurant = cleaned.get("restaurant")
        if not username:
            return cleaned
        user_model = get_user_model()
        user = user_model._default_manager.filter(username=username).first()
        if user is None:
            password = cleaned.get("password") or ""
            if not password:
                self.add_error("password", "Set a password for the new account.")
            else:
                candidate = user_model(username=username, email=cleaned.get("email") or "")
                try:
                    password_validation.validate_password(password, candidate)
                except ValidationError as exc:
                    self.add_error("password", exc)
        elif restaurant is not None and Membership.objects.filter(user=user, restaurant=restaurant).exists():
            self.add_error("username", "This person already has a role at this restaurant.")
        cleaned["username"] = username
        self.existing_user = user
        return cleaned

    def save(self, commit=False):
        """Never saves by itself: the admin's save_model calls `create_member`."""
        return super().save(commit=False)

    def create_member(self) -> Membership:
        data = self.cleaned_data
        return add_member(
            restaurant=data["restaurant"],
            username=data["username"],
            role=data["role"],
            email=data.get("email") or "",
            password=data.get("password") or None,
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
