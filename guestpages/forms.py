"""The guest pages' forms: plain Django forms, posted without JavaScript."""

from django import forms
from django.utils.translation import gettext_lazy as _

from config.one_line import is_one_line
from guestpages.widgets import GuestFormRenderer

MAX_NAME = 100
MAX_NOTES = 5000
ONE_LINE = frozenset({"first_name", "last_name", "email", "phone"})


class GuestForm(forms.Form):
    """A field in error says so to assistive technology: `aria-invalid` and the id of its messages.
    Its widgets render in Python (guestpages.widgets), as Django's widget templates render them."""

    default_renderer = GuestFormRenderer()

    def full_clean(self):
        super().full_clean()
        for name in self.errors:
            if name in self.fields:
                attrs = self.fields[name].widget.attrs
                attrs["aria-invalid"] = "true"
                attrs["aria-describedby"] = f"{self.auto_id % name}-errors"


class SearchForm(GuestForm):
    """Step one of the public booking page (a GET form): the date and the party size."""

    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    party_size = forms.TypedChoiceField(label=_("Guests"), coerce=int)

    def __init__(self, *args, sizes=(), first_date=None, last_date=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["party_size"].choices = [(size, str(size)) for size in sizes]
        attrs = self.fields["date"].widget.attrs
        if first_date:
            attrs["min"] = first_date.isoformat()
        if last_date:
            attrs["max"] = last_date.isoformat()


class BookingForm(GuestForm):
    """Step two: the time and the guest's details. `submission` makes a second post of the same
    form harmless (it finds the booking the first one made)."""

    date = forms.DateField(widget=forms.HiddenInput)
    party_size = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=1000)
    submission = forms.RegexField(regex=r"\A[A-Za-z0-9]{16,64}\Z", widget=forms.HiddenInput)
    time = forms.ChoiceField(
        label=_("Time"), widget=forms.RadioSelect, error_messages={"required": _("Choose a time.")}
    )
    first_name = forms.CharField(label=_("First name"), max_length=MAX_NAME)
    last_name = forms.CharField(label=_("Last name"), max_length=MAX_NAME)
    email = forms.EmailField(label=_("E-mail"), max_length=254)
    phone = forms.CharField(label=_("Phone"), max_length=40, required=False)
    notes = forms.CharField(
        label=_("Requests (optional)"), max_length=MAX_NOTES, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args, times=(), phone_required=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time"].choices = [(time, time) for time in times]
        self.fields["phone"].required = phone_required
        if not phone_required:
            self.fields["phone"].label = _("Phone (optional)")
        self.fields["first_name"].widget.attrs["autocomplete"] = "given-name"
        self.fields["last_name"].widget.attrs["autocomplete"] = "family-name"
        self.fields["email"].widget.attrs["autocomplete"] = "email"
        self.fields["phone"].widget.attrs.update(autocomplete="tel", type="tel")

    def clean(self):
        data = super().clean()
        for name, value in list(data.items()):  # add_error() takes a refused field out of `data`
            if not isinstance(value, str):
                continue
            # The details are one line each (a name is never two lines of an e-mail); notes may hold several.
            refused = not is_one_line(value) if name in ONE_LINE else "\x00" in value
            if refused:
                self.add_error(name, _("This field contains a character that is not allowed."))
        return data


class ChangeForm(GuestForm):
    """The change of a booking: its new date and party (chosen above it) and a time. `submission`
    makes a second post of the same form change nothing twice."""

    date = forms.DateField(widget=forms.HiddenInput)
    party_size = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=1000)
    submission = forms.RegexField(regex=r"\A[A-Za-z0-9]{16,64}\Z", widget=forms.HiddenInput)
    time = forms.ChoiceField(
        label=_("Time"),
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose a time."),
            "invalid_choice": _("This time was just taken. Please choose another time."),
        },
    )

    def __init__(self, *args, times=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time"].choices = [(time, time) for time in times]


class CardForm(GuestForm):
    card_number = forms.CharField(
        label=_("Card number"),
        max_length=255,  # a test card number, or a Stripe PaymentMethod id (`pm_...`) made by Stripe.js
        widget=forms.TextInput(attrs={"autocomplete": "cc-number", "inputmode": "numeric"}),
    )


class ExtraStepForm(GuestForm):
    decision = forms.ChoiceField(choices=[("approve", "approve"), ("fail", "fail")])


class CancelForm(GuestForm):
    confirm = forms.BooleanField(label=_("Yes, I want to cancel this booking"))


class FeedbackForm(GuestForm):
    rating = forms.TypedChoiceField(
        label=_("Your rating"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, 6)],
        widget=forms.RadioSelect,
    )
    comment = forms.CharField(
        label=_("Comment (optional)"), max_length=5000, required=False, widget=forms.Textarea(attrs={"rows": 4})
    )


class WaitlistJoinForm(BookingForm):
    """Joining the waitlist from the booking page: the window of times the guest can come, and the
    guest's details (the booking form's, without the time)."""

    window_start = forms.TimeField(label=_("From"), widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"))
    window_end = forms.TimeField(label=_("Until"), widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["time"]


class WaitlistChangeForm(GuestForm):
    party_size = forms.IntegerField(label=_("Guests"), min_value=1, max_value=1000)
    window_start = forms.TimeField(label=_("From"), widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"))
    window_end = forms.TimeField(label=_("Until"), widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"))


class WaitlistLeaveForm(GuestForm):
    confirm = forms.BooleanField(label=_("Yes, take me off the waitlist"))
