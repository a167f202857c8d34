"""The waitlist from the guest's side: join from the booking page when the wanted time is full,
then the entry's own page (`/book/{slug}/waitlist/{guest_token}`) to change the window or party,
leave, or accept a place the restaurant offered. Plain form posts, post/redirect/get; every move
is one waitlist service (waitlist.services), whose rules and events are the only ones."""

import datetime as dt
import re
from functools import wraps

from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.exceptions import DomainError
from config.ids import random_token
from guestpages.forms import SearchForm, WaitlistChangeForm, WaitlistJoinForm, WaitlistLeaveForm
from guestpages.selectors import entry_of, restaurant_of
from guestpages.texts import VIOLATION_TEXT
from guestpages.views import _offer, _sizes, common, in_guest_context, not_found, page_url
from guests.services import GuestInput
from reservations.configuration import last_service_date, restaurant_today
from reservations.exceptions import BookingRulesViolated
from waitlist.models import OPEN_STATUSES, WaitlistStatus
from waitlist.services import accept_offer, cancel_entry, change_entry, join_from_widget

TOKEN = re.compile(r"[A-Za-z0-9]{16,64}\Z")

NOTICES = {
    "joined": lambda: _("You are on the waitlist. We will e-mail you if a table frees up."),
    "changed": lambda: _("Your waitlist request is updated."),
    "left": lambda: _("You have left the waitlist."),
    "closed": lambda: _("This waitlist request can no longer be changed."),
    "lapsed": lambda: _("This offer has lapsed."),
}

STATUS_TEXT = {
    WaitlistStatus.ACTIVE: lambda: _("On the waitlist"),
    WaitlistStatus.SUGGESTED: lambda: _("On the waitlist"),
    WaitlistStatus.OFFERED: lambda: _("A table is offered to you"),
    WaitlistStatus.PROMOTED: lambda: _("Booked"),
    WaitlistStatus.CANCELLED: lambda: _("Left the waitlist"),
    WaitlistStatus.EXPIRED: lambda: _("Expired"),
}


def entry_page(view):
    """The restaurant and entry of the address (404 for anything else), in the guest's language."""

    @wraps(view)
    def wrapper(request, slug, token):
        restaurant = restaurant_of(slug)
        entry = entry_of(restaurant, token) if restaurant is not None and TOKEN.match(token) else None
        if entry is None:
            return not_found(request, restaurant)
        return in_guest_context(request, restaurant, entry.guest, view, restaurant, entry)

    return wrapper


def entry_url(restaurant, entry, suffix: str = "", **query) -> str:
    return page_url(restaurant, suffix=f"/waitlist/{entry.guest_token}{suffix}", **query)


# Joining.


@require_http_methods(["GET", "POST"])
def join(request, slug):
    restaurant = restaurant_of(slug)
    if restaurant is None:
        raise Http404
    return in_guest_context(request, restaurant, None, _join, restaurant)


def _join(request, restaurant):
    today = restaurant_today(restaurant)
    context = common(request, restaurant, today=today)
    if not restaurant.widget_enabled:
        return render(request, "guest/unavailable.html", context, status=404 if request.method == "GET" else 409)
    data = request.POST if request.method == "POST" else request.GET
    search = SearchForm(
        {k: data[k] for k in ("date", "party_size") if k in data},
        sizes=_sizes(restaurant),
        first_date=today,
        last_date=last_service_date(restaurant, today),
    )
    if not search.is_valid():
        return HttpResponseRedirect(page_url(restaurant, lang=request.GET.get("lang")))
    date, party_size = search.cleaned_data["date"], search.cleaned_data["party_size"]
    context.update(
        date=date,
        party_size=party_size,
        back_url=page_url(restaurant, date=date.isoformat(), party_size=party_size, lang=request.GET.get("lang")),
    )
    phone_required = restaurant.require_guest_phone or "phone" in (restaurant.required_guest_fields or [])
    if request.method == "GET":
        context["form"] = WaitlistJoinForm(
            initial={
                "date": date,
                "party_size": party_size,
                "submission": random_token(32),
                **_full_times(restaurant, date, party_size),
            },
            phone_required=phone_required,
        )
        return render(request, "guest/waitlist_join.html", context)
    form = WaitlistJoinForm(request.POST, phone_required=phone_required)
    context["form"] = form
    if not form.is_valid():
        return render(request, "guest/waitlist_join.html", context, status=422)
    data = form.cleaned_data
    try:
        entry = join_from_widget(
            restaurant=restaurant,
            guest=GuestInput(
                first_name=data["first_name"].strip(),
                last_name=data["last_name"].strip(),
                email=data["email"],
                phone=data["phone"] or None,
                language=request.guest_language,
            ),
            service_date=date,
            party_size=party_size,
            window_start=data["window_start"],
            window_end=data["window_end"],
            notes=data["notes"] or None,
            submission=data["submission"],
        )
    except DomainError as refusal:
        context["problems"] = [_problem(refusal)]
        return render(request, "guest/waitlist_join.html", context, status=422)
    return HttpResponseRedirect(entry_url(restaurant, entry, lang=request.GET.get("lang"), notice="joined"))


def _full_times(restaurant, date: dt.date, party_size: int) -> dict:
    """The window proposed at first: the full (greyed) times of the first service whose queue is open."""
    services = _offer(restaurant, date, party_size)[0]
    for service in services:
        if service["waitlist"] and service["unavailable"]:
            return {"window_start": service["unavailable"][0], "window_end": service["unavailable"][-1]}
    return {}


def _problem(refusal: DomainError) -> str:
    if refusal.code == "waitlist_closed":
        return _("The waitlist is not open for this time. Please choose another date or time.")
    if refusal.code == "waitlist_window_invalid":
        return _("The end of the window must be after its start.")
    if refusal.code == "waitlist_offer_lapsed":
        return _("This offer has lapsed.")
    if isinstance(refusal, BookingRulesViolated):
        codes = [v["code"] for v in refusal.violations]
        return VIOLATION_TEXT.get(codes[0] if codes else "", lambda: _("This time cannot be booked."))()
    return _("This request could not be made (%(code)s).") % {"code": refusal.code}


# The entry's own page.


def _hhmm(time: dt.time) -> str:
    return time.strftime("%H:%M")


def _render_entry(request, restaurant, entry, status: int = 200, problem: str | None = None, **forms):
    notice = NOTICES.get(request.GET.get("notice", ""))
    now = timezone.now()
    open_offer = entry.status == WaitlistStatus.OFFERED and (
        entry.offer_expires_at is None or entry.offer_expires_at > now
    )
    context = common(
        request,
        restaurant,
        path=entry_url(restaurant, entry),  # the forms' base, also when a post's answer renders it
        entry=entry,
        status_text=STATUS_TEXT.get(entry.status, lambda: entry.status)(),
        window=f"{_hhmm(entry.window_start)} – {_hhmm(entry.window_end)}",
        can_change=entry.status in OPEN_STATUSES,
        open_offer=open_offer,
        offered_time=_hhmm(entry.offered_time) if entry.offered_time else None,
        booking_url=page_url(restaurant, entry.reservation, lang=request.GET.get("lang"))
        if entry.reservation
        else None,
        notice=notice() if notice else None,
        problem=problem,
        change_form=forms.get("change_form")
        or WaitlistChangeForm(
            initial={
                "party_size": entry.party_size,
                "window_start": entry.window_start,
                "window_end": entry.window_end,
            }
        ),
        leave_form=forms.get("leave_form") or WaitlistLeaveForm(),
        lang_query=f"?lang={request.GET['lang']}" if request.GET.get("lang", "").isalpha() else "",
    )
    return render(request, "guest/waitlist_entry.html", context, status=status)


def _back(request, restaurant, entry, notice: str | None = None):
    return HttpResponseRedirect(entry_url(restaurant, entry, lang=request.GET.get("lang"), notice=notice))


@require_GET
@entry_page
def entry_detail(request, restaurant, entry):
    return _render_entry(request, restaurant, entry)


@require_POST
@entry_page
def change(request, restaurant, entry):
    if entry.status not in OPEN_STATUSES:
        return _back(request, restaurant, entry, "closed")
    form = WaitlistChangeForm(request.POST)
    if not form.is_valid():
        return _render_entry(request, restaurant, entry, status=422, change_form=form)
    data = form.cleaned_data
    try:
        change_entry(
            entry=entry, party_size=data["party_size"], window_start=data["window_start"], window_end=data["window_end"]
        )
    except DomainError as refusal:
        return _render_entry(request, restaurant, entry, status=422, change_form=form, problem=_problem(refusal))
    return _back(request, restaurant, entry, "changed")


@require_POST
@entry_page
def leave(request, restaurant, entry):
    if entry.status not in OPEN_STATUSES:
        return _back(request, restaurant, entry, "left" if entry.status == WaitlistStatus.CANCELLED else "closed")
    form = WaitlistLeaveForm(request.POST)
    if not form.is_valid():
        return _render_entry(request, restaurant, entry, status=422, leave_form=form)
    try:
        cancel_entry(entry=entry)
    except DomainError:
        return _back(request, restaurant, entry, "closed")
    return _back(request, restaurant, entry, "left")


@require_POST
@entry_page
def accept(request, restaurant, entry):
    if entry.status == WaitlistStatus.PROMOTED and entry.reservation is not None:  # a second click
        return HttpResponseRedirect(page_url(restaurant, entry.reservation, lang=request.GET.get("lang")))
    try:
        entry = accept_offer(entry=entry)
    except DomainError as refusal:
        if refusal.code == "waitlist_offer_lapsed":
            return _back(request, restaurant, entry, "lapsed")
        if refusal.code == "waitlist_entry_closed":
            return _back(request, restaurant, entry, "closed")
        return _render_entry(request, restaurant, entry, status=422, problem=_problem(refusal))
    return HttpResponseRedirect(page_url(restaurant, entry.reservation, lang=request.GET.get("lang"), notice="booked"))
