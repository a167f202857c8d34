"""Django forms of the host's pages: a booking taken by staff, a booking's change.

They read and check input; the services decide. A service's refusal is shown next to the field it
names (`param`), else at the top of the form. The table picker says which tables are free at the
time asked for, and who holds the others.
"""

import datetime as dt

from django import forms
from django.utils.translation import gettext_lazy as _

from config.one_line import validate_one_line
from reservations.models.restaurant import GuestField

PARAM_FIELDS = {
    "party_size": "party_size",
    "start_time": "start_time",
    "service_date": "service_date",
    "table_ids": "tables",
    "tables": "tables",
    "guest[email]": "email",
    "guest[phone]": "phone",
    "guest[first_name]": "first_name",
    "guest[last_name]": "last_name",
    "reason": None,
}
TABLE_CODES = ("tables_too_small", "table_conflict", "table_not_in_service", "no_table_available")


class StaffForm(forms.Form):
    def field_for(self, error) -> str | None:
        """The form field a service refusal names, for the message to sit next to it."""
        name = PARAM_FIELDS.get(error.param or "", error.param)
        if error.code in TABLE_CODES:
            name = "tables"
        return name if name in self.fields else None


class TablePicker(forms.MultipleChoiceField):
    widget = forms.CheckboxSelectMultiple


def table_choices(tables, taken: dict[int, str]) -> list[tuple[str, str]]:
    """(public id, "T4, seats 2–4: free" / "…: taken 19:30–21:30 by Marie Curie") in floor order."""
    choices = []
    for table in tables:
        seats = (
            f"{table.max_capacity}"
            if table.min_capacity == table.max_capacity
            else f"{table.min_capacity}–{table.max_capacity}"
        )
        state = taken.get(table.pk) or str(_("free"))
        choices.append((table.public_id, f"{table.section.name} · {table.name}, {_('seats')} {seats}: {state}"))
    return choices


class NewBookingForm(StaffForm):
    CHANNELS = [("phone", _("Phone booking")), ("walk_in", _("Walk-in, seated now"))]

    channel = forms.ChoiceField(label=_("Kind"), choices=CHANNELS, widget=forms.RadioSelect)
    service_date = forms.DateField(label=_("Date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    start_time = forms.TimeField(
        label=_("Time"), required=False, widget=forms.TimeInput(attrs={"type": "time", "step": 300}, format="%H:%M")
    )
    party_size = forms.IntegerField(label=_("Party size"), min_value=1, max_value=1000)
    # One line each: a name is never two lines of an e-mail (config/one_line.py).
    first_name = forms.CharField(label=_("First name"), required=False, max_length=100, validators=[validate_one_line])
    last_name = forms.CharField(label=_("Last name"), required=False, max_length=100, validators=[validate_one_line])
    phone = forms.CharField(label=_("Phone"), required=False, max_length=40, validators=[validate_one_line])
    email = forms.EmailField(label=_("E-mail"), required=False, max_length=254, validators=[validate_one_line])
    tables = TablePicker(label=_("Tables"), required=False, help_text=_("None ticked: the best free table."))
    guest_notes = forms.CharField(
        label=_("Guest's request"), required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 2})
    )
    internal_notes = forms.CharField(
        label=_("Staff note"), required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args, restaurant, tables=(), taken=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.restaurant = restaurant
        self.fields["tables"].choices = table_choices(tables, taken or {})
        # What the restaurant requires of a booking: marked, and asked of a phone booking (a walk-in
        # is at the door).
        self.phone_requires = [
            name for name in restaurant.required_guest_fields if name in (f.value for f in GuestField)
        ]
        for name in self.phone_requires:
            field = self.fields[name]
            field.label = f"{field.label} *"
            field.help_text = _("Required for a phone booking at this restaurant.")
            field.widget.attrs["aria-required"] = "true"

    def clean(self):
        data = super().clean()
        if data.get("channel") == "phone":
            for name in ("service_date", "start_time"):
                if not data.get(name):
                    self.add_error(name, _("A phone booking needs a date and a time."))
            if not (data.get("first_name") or data.get("last_name")):
                self.add_error("last_name", _("A phone booking needs the guest's name."))
            for name in self.phone_requires:
                if not data.get(name) and name not in self.errors:
                    self.add_error(name, _("This restaurant needs it for a phone booking."))
        return data


class EditBookingForm(StaffForm):
    service_date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    start_time = forms.TimeField(
        label=_("Time"), widget=forms.TimeInput(attrs={"type": "time", "step": 300}, format="%H:%M")
    )
    party_size = forms.IntegerField(label=_("Party size"), min_value=1, max_value=1000)
    tables = TablePicker(label=_("Tables"), required=False)
    guest_notes = forms.CharField(
        label=_("Guest's request"), required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 2})
    )
    internal_notes = forms.CharField(
        label=_("Staff note"), required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args, reservation, local_start: dt.datetime, tables=(), taken=None, **kwargs):
        self.before = {
            "service_date": reservation.service_date,
            "start_time": dt.time(local_start.hour, local_start.minute),
            "party_size": reservation.party_size,
            "guest_notes": reservation.guest_notes or "",
            "internal_notes": reservation.internal_notes or "",
        }
        self.tables_before = sorted(reservation.tables.values_list("public_id", flat=True))
        kwargs.setdefault("initial", {**self.before, "tables": self.tables_before})
        super().__init__(*args, **kwargs)
        self.reservation = reservation
        self.fields["tables"].choices = table_choices(tables, taken or {})

    def changed_fields(self) -> dict:
        data = self.cleaned_data
        fields = {
            name: data[name] for name in ("service_date", "start_time", "party_size") if data[name] != self.before[name]
        }
        for name in ("guest_notes", "internal_notes"):
            if (data[name] or "") != self.before[name]:
                fields[name] = data[name] or None
        return fields

    def changed_tables(self) -> list[str]:
        chosen = sorted(self.cleaned_data["tables"])
        return chosen if chosen and chosen != self.tables_before else []
