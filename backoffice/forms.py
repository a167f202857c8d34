"""Django forms of the day sheet: the filter bar, a booking taken by staff, a booking's change.

They read and check input; the services decide. A service's refusal is shown next to the
field it names (`param`), else at the top of the form.
"""

import datetime as dt

from django import forms
from django.utils import timezone

from config.formats import zone
from reservations.models import Table
from reservations.models.booking import SERVED_STATUSES

PARAM_FIELDS = {
    "party_size": "party_size",
    "start_time": "start_time",
    "service_date": "service_date",
    "table_ids": "tables",
    "guest[email]": "email",
    "guest[phone]": "phone",
    "reason": None,
}


class SheetFilterForm(forms.Form):
    r = forms.CharField(required=False, max_length=40)
    date = forms.DateField(required=False, input_formats=["%Y-%m-%d"])
    status = forms.ChoiceField(required=False, choices=[("", "All")] + [(s, s) for s in SERVED_STATUSES])
    q = forms.CharField(required=False, max_length=100, strip=True)

    def clean_date(self):
        value = self.cleaned_data.get("date")
        if value is not None and not (dt.date(1900, 1, 1) <= value <= dt.date(9998, 12, 31)):
            raise forms.ValidationError("Out of range.")
        return value


class TableChoice(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.name} ({obj.min_capacity}-{obj.max_capacity})"


class _StaffForm(forms.Form):
    def field_for(self, error) -> str | None:
        """The form field a service refusal names, for the message to sit next to it."""
        name = PARAM_FIELDS.get(error.param or "", error.param)
        if error.code == "tables_too_small" or error.code == "table_conflict":
            name = "tables"
        return name if name in self.fields else None


class NewBookingForm(_StaffForm):
    CHANNELS = [("phone", "Phone"), ("walk_in", "Walk-in (seated now)")]

    channel = forms.ChoiceField(choices=CHANNELS, widget=forms.RadioSelect)
    service_date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    start_time = forms.TimeField(required=False, widget=forms.TimeInput(attrs={"type": "time", "step": 300}))
    party_size = forms.IntegerField(min_value=1, max_value=1000)
    first_name = forms.CharField(required=False, max_length=100)
    last_name = forms.CharField(required=False, max_length=100)
    phone = forms.CharField(required=False, max_length=40)
    email = forms.EmailField(required=False, max_length=254)
    tables = TableChoice(queryset=Table.objects.none(), required=False, widget=forms.CheckboxSelectMultiple)
    guest_notes = forms.CharField(required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 2}))
    internal_notes = forms.CharField(required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, restaurant, can_override: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.restaurant = restaurant
        self.fields["tables"].queryset = Table.objects.filter(restaurant=restaurant).order_by("position", "id")
        self.fields["tables"].help_text = "Leave empty for the best free table."
        if can_override:
            self.fields["override"] = forms.BooleanField(
                required=False, label="Override (manager)", help_text="Waive caps and limits; a larger party."
            )

    def clean(self):
        data = super().clean()
        if data.get("channel") == "phone":
            for name in ("service_date", "start_time"):
                if not data.get(name):
                    self.add_error(name, "A phone booking needs a date and a time.")
            if not (data.get("first_name") or data.get("last_name")):
                self.add_error("last_name", "A phone booking needs the guest's name.")
        return data


class EditBookingForm(_StaffForm):
    service_date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    start_time = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time", "step": 300}))
    party_size = forms.IntegerField(min_value=1, max_value=1000)
    tables = TableChoice(queryset=Table.objects.none(), required=False, widget=forms.CheckboxSelectMultiple)
    guest_notes = forms.CharField(required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 2}))
    internal_notes = forms.CharField(required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, reservation, can_override: bool, **kwargs):
        tz = zone(reservation.restaurant.timezone)
        local = reservation.starts_at.astimezone(tz)
        self.before = {
            "service_date": reservation.service_date,
            "start_time": dt.time(local.hour, local.minute),
            "party_size": reservation.party_size,
            "guest_notes": reservation.guest_notes or "",
            "internal_notes": reservation.internal_notes or "",
        }
        self.tables_before = sorted(reservation.tables.values_list("pk", flat=True))
        kwargs.setdefault("initial", {**self.before, "tables": self.tables_before})
        super().__init__(*args, **kwargs)
        self.reservation = reservation
        self.fields["tables"].queryset = Table.objects.filter(restaurant=reservation.restaurant).order_by(
            "position", "id"
        )
        if can_override:
            self.fields["override"] = forms.BooleanField(
                required=False, label="Override (manager)", help_text="Waive caps and limits; a larger party."
            )
        self.now = timezone.now()

    def changed_fields(self) -> dict:
        data = self.cleaned_data
        fields = {}
        for name in ("service_date", "start_time", "party_size"):
            if data[name] != self.before[name]:
                fields[name] = data[name]
        for name in ("guest_notes", "internal_notes"):
            if (data[name] or "") != self.before[name]:
                fields[name] = data[name] or None
        return fields

    def changed_tables(self) -> list[int] | None:
        chosen = sorted(table.pk for table in self.cleaned_data["tables"])
        return chosen if chosen and chosen != self.tables_before else None
