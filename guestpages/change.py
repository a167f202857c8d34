"""A guest changes their booking from its page (`/change`): the date and party size (a GET form, as
on the booking page), then a time among those the partner API's availability offers for this party
(the booking does not block itself), posted to reservations.services.guest_change, which checks it
again under the restaurant's lock. A new slot asking for a card opens the change's own card step
(`/change/<token>/card`): nothing moves until the card is saved. Also the booking's calendar file.
"""

import datetime as dt
import re

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods

from config.exceptions import DomainError
from config.formats import zone
from config.ids import random_token
from guestpages.forms import ChangeForm, SearchForm
from guestpages.texts import VIOLATION_TEXT, change_refusal_text
from guestpages.views import _back, _offer, _sizes, common, guest_page, page_url
from reservations import calendar
from reservations.configuration import last_service_date, restaurant_today
from reservations.exceptions import BookingRulesViolated
from reservations.models import GuestChange
from reservations.services.guest_change import GuestChangeRefused, change_by_guest, change_refusal

TIME = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]\Z")
# Where an applied change leaves the guest: their booking's page, saying what happened.
APPLIED_NOTICE = {"pending": "change_pending"}


def applied_notice(reservation) -> str:
    return APPLIED_NOTICE.get(reservation.status, "changed")


@require_http_methods(["GET", "POST"])
@guest_page
def change(request, restaurant, reservation):
    """GET: the booking's date and party, then the times on sale. POST: change to the time chosen."""
    lang = request.GET.get("lang")
    context = common(
        request,
        restaurant,
        path=page_url(restaurant, reservation, "/change"),
        reservation=reservation,
        back=page_url(restaurant, reservation, lang=lang),
        lang_value=lang or "",
    )
    refusal = change_refusal(reservation)
    if refusal is not None:
        context["refusal"] = change_refusal_text(refusal)
        return render(request, "guest/change.html", context, status=200 if request.method == "GET" else 409)
    today = restaurant_today(restaurant)
    sizes = sorted(set(_sizes(restaurant)) | {reservation.party_size})
    data = request.POST if request.method == "POST" else request.GET
    search = SearchForm(
        {k: data[k] for k in ("date", "party_size") if k in data} or None,
        initial={"date": reservation.service_date, "party_size": reservation.party_size},
        sizes=sizes,
        first_date=today,
        last_date=last_service_date(restaurant, today),
    )
    context["search"] = search
    if search.is_bound and not search.is_valid():
        return render(request, "guest/change.html", context, status=400)
    date = search.cleaned_data["date"] if search.is_bound else reservation.service_date
    party_size = search.cleaned_data["party_size"] if search.is_bound else reservation.party_size
    context.update(date=date, party_size=party_size)
    if request.method == "GET":
        _with_times(context, restaurant, reservation)
        current = reservation.starts_at.astimezone(zone(restaurant.timezone)).strftime("%H:%M")
        initial = {"date": date, "party_size": party_size, "submission": random_token(32)}
        if date == reservation.service_date and current in context["times"]:
            initial["time"] = current
        context["form"] = ChangeForm(initial=initial, times=context["times"])
        return render(request, "guest/change.html", context)
    return _post(request, restaurant, reservation, context)


def _post(request, restaurant, reservation, context: dict):
    """The change posted: checked by the service under the lock (the engine refuses a time not on
    sale); the day's times are worked out again only to show the form once more."""
    date, party_size = context["date"], context["party_size"]
    posted = request.POST.get("time", "")
    form = ChangeForm(request.POST, times=[posted] if TIME.match(posted) else [])
    context["form"] = form
    if form.is_valid():
        hour, minute = (int(part) for part in form.cleaned_data["time"].split(":"))
        try:
            outcome = change_by_guest(
                reservation=reservation,
                service_date=date,
                start_time=dt.time(hour, minute),
                party_size=party_size,
                token=form.cleaned_data["submission"],
            )
        except GuestChangeRefused as refused:
            context["refusal"] = change_refusal_text(refused.code)
            return render(request, "guest/change.html", context, status=409)
        except BookingRulesViolated as refused:
            codes = [v["code"] for v in refused.violations]
            context["problems"] = [VIOLATION_TEXT.get(code, VIOLATION_TEXT["no_table_available"])() for code in codes]
        except DomainError:
            context["problems"] = [VIOLATION_TEXT["no_table_available"]()]
        else:
            if outcome.status == "unchanged":
                return _back(request, restaurant, reservation, "unchanged")
            return _after(request, restaurant, outcome.reservation, outcome.change)
    else:
        earlier = _posted_before(restaurant, reservation, request.POST.get("submission"))
        if earlier is not None:  # the same form again, after its time was given to it
            return _after(request, restaurant, reservation, earlier)
    _with_times(context, restaurant, reservation)
    form.fields["time"].choices = [(time, time) for time in context["times"]]
    return render(request, "guest/change.html", context, status=422)


def _with_times(context: dict, restaurant, reservation) -> None:
    """The day's services and times on sale for the party, the booking itself excluded."""
    services, times, banner, closure = _offer(
        restaurant, context["date"], context["party_size"], exclude=("reservation", reservation.pk)
    )
    context.update(services=services, times=times, banner=banner, closure=closure)


def _posted_before(restaurant, reservation, token: str | None) -> GuestChange | None:
    if not token:
        return None
    return GuestChange.objects.filter(restaurant=restaurant, reservation=reservation, token=token).first()


def _after(request, restaurant, reservation, change: GuestChange):
    """Where a posted change leads: its card step while it waits for one, else the booking's page
    (`reservation` as the change left it)."""
    if change.status == "awaiting_card":
        return _back(request, restaurant, reservation, suffix=f"/change/{change.token}/card")
    if change.status == "refused":
        return _back(request, restaurant, reservation, "change_taken")
    return _back(request, restaurant, reservation, applied_notice(reservation))


@require_GET
@guest_page
def calendar_file(request, restaurant, reservation):
    """The booking as an iCalendar file (its "add to calendar"), in the guest's language."""
    response = HttpResponse(calendar.booking_ics(reservation), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{calendar.filename(reservation)}"'
    return response
