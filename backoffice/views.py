"""The day sheet and the host's moves: thin views over reservations.selectors.day_sheet and
reservations.services.staff (the same services as the admin actions and `manage.py booking`).

Every page is scoped to the user's restaurants (capability `host`); the manager's power
(override) is the `manage_policy` capability.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlencode

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from apikeys.roles import HOST, MANAGE_POLICY, member_restaurants, restaurant_access, roles_by_restaurant, staff_actor
from backoffice.forms import EditBookingForm, NewBookingForm, SheetFilterForm
from backoffice.rendering import render_holds, render_rows, render_service
from config.exceptions import DomainError
from config.formats import zone
from guests.services import GuestInput
from holds.models import Hold
from reservations.models import Reservation, Restaurant
from reservations.models.booking import ReservationStatus
from reservations.selectors.day_sheet import day_sheet as build_day_sheet
from reservations.services import staff
from reservations.services.staff.registry import MOVES as REGISTRY
from waitlist import services as waitlist_services
from waitlist.admin import refusal_text as waitlist_refusal_text
from waitlist.models import WaitlistEntry

MOVES = {name: move.service for name, move in REGISTRY.items() if name != "move"}
DONE = {name: move.done for name, move in REGISTRY.items()}
WAITLIST_MOVES = {
    "offer": lambda entry: waitlist_services.offer_entry(entry=entry),
    "promote": lambda entry: waitlist_services.promote_entry(entry=entry),
    "cancel": lambda entry: waitlist_services.cancel_entry(entry=entry),
}
WAITLIST_DONE = {"offer": "offered a place", "promote": "promoted into a booking", "cancel": "taken off the waitlist"}
# Where the day sheet's template leaves the services' HTML (an HTML comment: escaped text never
# makes one, so the first is the template's own).
SERVICES_MARK = "<!--day-sheet-services-->"
# Refusals a manager's override can answer on approval.
OVERRIDABLE_REFUSALS = ("table_conflict", "booking_rules_violated")


# --- access -----------------------------------------------------------------------------------


def _restaurants(request):
    access = restaurant_access(request, HOST)
    if not access:
        raise PermissionDenied
    return access, access.filter(Restaurant.objects.order_by("name", "id"), "pk")


def _restaurant_choices(request) -> list[Restaurant]:
    """The user's restaurants, by name: read with their roles (no query of its own), a
    superuser's from the database."""
    access, restaurants = _restaurants(request)
    if access.everything:
        return list(restaurants[:200])
    known = member_restaurants(request)
    return sorted((known[pk] for pk in access.ids if pk in known), key=lambda r: (r.name, r.pk))


def _restaurant(request, ref: str | None, choices: list | None = None) -> Restaurant:
    """The restaurant asked for (`ref`, a public id) among the user's, else their first;
    `choices`, when given, is the list of the user's restaurants already read."""
    if choices is None:
        _access, restaurants = _restaurants(request)
        restaurants = restaurants.filter(public_id=ref) if ref else restaurants
        restaurant = restaurants.first()
    else:
        restaurant = next((r for r in choices if r.public_id == ref), None) if ref else next(iter(choices), None)
        if restaurant is None and ref:  # beyond the first choices read (a superuser's long list)
            return _restaurant(request, ref)
    if restaurant is None:
        raise Http404("No such restaurant.")
    return restaurant


def _actor(request, restaurant) -> staff.Actor:
    return staff_actor(request, restaurant.pk)


def lands_on_day_sheet(request) -> bool:
    """A user whose every role is host goes straight to today's day sheet."""
    roles = set(roles_by_restaurant(request).values())
    return not request.user.is_superuser and roles == {"host"}


def _today(restaurant) -> dt.date:
    return timezone.now().astimezone(zone(restaurant.timezone)).date()


def _guest_url_pattern() -> tuple[str, str] | None:
    """(before, after) the guest's primary key in the guest profile's admin page, when the guests
    app has one (else names are plain text)."""
    try:
        url = reverse("admin:guests_guest_change", args=[987654321])
    except NoReverseMatch:
        return None
    before, _, after = url.partition("987654321")
    return before, after


def _money_url_pattern() -> tuple[str, str] | None:
    """(before, after) the card guarantee's primary key in its Money page's URL."""
    try:
        url = reverse("admin:reservations_cardguarantee_money", args=[987654321])
    except NoReverseMatch:
        return None
    before, _, after = url.partition("987654321")
    return before, after


def sheet_url(restaurant, date=None, **params) -> str:
    query = {"r": restaurant.public_id}
    if date:  # a date, or the YYYY-MM-DD a page was given
        query["date"] = date if isinstance(date, str) else date.isoformat()
    query.update({k: v for k, v in params.items() if v})
    return reverse("admin:day_sheet") + "?" + urlencode(query)


def _back(request, restaurant, date) -> str:
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return sheet_url(restaurant, date)


# --- pages ------------------------------------------------------------------------------------


def _light_context(request) -> dict:
    """What the admin's base template needs, without the app list of the navigation sidebar
    (every model admin's permissions, asked on every page): the day sheet is the host's working
    page, the sidebar is one click away on the home page."""
    site = admin.site
    return {
        "site_title": site.site_title,
        "site_header": site.site_header,
        "site_url": site.site_url,
        "has_permission": site.has_permission(request),
        "available_apps": [],
        "is_popup": False,
        "is_nav_sidebar_enabled": False,
        "log_entries": [],
    }


def home_cards(request) -> list[dict]:
    """One card per restaurant of the user (a superuser's: the first ten): its name, today's
    covers, the pending requests ahead and the next arrivals."""
    access = restaurant_access(request, HOST)
    if not access:
        return []
    restaurants = list(access.filter(Restaurant.objects.order_by("name", "id"), "pk")[:10])
    cards = []
    for restaurant in restaurants:
        sheet = build_day_sheet(restaurant, _today(restaurant))
        cards.append({"restaurant": restaurant, "sheet": sheet, "url": sheet_url(restaurant)})
    return cards


def day_sheet(request):
    form = SheetFilterForm(request.GET or None)
    data = form.cleaned_data if form.is_valid() else {}
    restaurants = _restaurant_choices(request)
    restaurant = _restaurant(request, data.get("r"), restaurants)
    date = data.get("date") or _today(restaurant)
    status = data.get("status") or None
    query = data.get("q") or ""
    sheet = build_day_sheet(restaurant, date, status=status, query=query)
    guest_url = _guest_url_pattern()
    can_override = restaurant.pk in restaurant_access(request, MANAGE_POLICY)
    # Bookings with a card guarantee link to its Money page (which asks the same capability, host).
    money_url = _money_url_pattern()
    here = request.get_full_path()
    services = "".join(
        render_service(
            block,
            render_rows(
                block.rows,
                guest_url=guest_url,
                override_for=request.GET.get("override_for", ""),
                can_override=can_override,
                money_url=money_url,
            ),
        )
        for block in sheet.services
    )
    context = {
        **_light_context(request),
        "title": f"{restaurant.name} · {date.strftime('%A %d %B %Y')}",
        "restaurant": restaurant,
        "restaurants": restaurants,
        "sheet": sheet,
        "services_mark": mark_safe(SERVICES_MARK),  # noqa: S308 - a constant
        "form": form,
        "status": status or "",
        "query": query,
        "statuses": [
            (value, sheet.status_counts.get(value, 0))
            for value in ReservationStatus.values
            if value not in ("held", "awaiting_guest")
        ],
        "previous_url": sheet_url(restaurant, date - dt.timedelta(days=1), status=status, q=query),
        "next_url": sheet_url(restaurant, date + dt.timedelta(days=1), status=status, q=query),
        "today_url": sheet_url(restaurant, _today(restaurant), status=status, q=query),
        "holds": render_holds(
            sheet.holds, action=reverse("admin:day_sheet_release_hold"), csrf_token=get_token(request), here=here
        ),
        "here": here,
        "timezone_name": restaurant.timezone,
        "waitlist_guest_url": guest_url,
    }
    # The services' rows (300 KB for 400 bookings) go into the rendered page once, not up through
    # the admin base template's nested blocks (backoffice/rendering.py).
    page = render_to_string("backoffice/day_sheet.html", context, request)
    return HttpResponse(page.replace(SERVICES_MARK, services, 1))


def _submitted_move(post) -> tuple[str, str, bool, str]:
    """(booking id, move, override, reason) of the button pressed: `do:<resv_id>` = move (the
    page's one form), or `reservation` + `action` fields (a form of its own)."""
    for name, value in post.items():
        if name.startswith("do:"):
            public_id = name[3:]
            override = value == "approve_override"
            return public_id, "approve" if override else value, override, post.get(f"reason:{public_id}", "")
    return post.get("reservation", ""), post.get("action", ""), post.get("override") == "1", post.get("reason", "")


@require_POST
def move(request):
    public_id, action, override_asked, reason = _submitted_move(request.POST)
    if action not in MOVES:
        raise Http404("No such move.")
    access = restaurant_access(request, HOST)
    reservation = (
        access.filter(Reservation.objects.select_related("restaurant", "guest")).filter(public_id=public_id).first()
    )
    if reservation is None:
        raise Http404("No such booking.")
    restaurant = reservation.restaurant
    actor = _actor(request, restaurant)
    kwargs = {"reservation": reservation, "actor": actor}
    if action in ("decline", "cancel"):
        kwargs["reason"] = reason
    override = action == "approve" and override_asked
    if override:
        kwargs["confirmed"] = staff.ALL_WARNINGS
    back = _back(request, restaurant, reservation.service_date)
    try:
        MOVES[action](**kwargs)
    except DomainError as error:
        messages.error(request, error.message)
        if action == "approve" and error.code in OVERRIDABLE_REFUSALS and actor.is_manager and not override:
            joiner = "&" if "?" in back else "?"
            back = f"{back}{joiner}override_for={reservation.public_id}"
        return HttpResponseRedirect(back)
    messages.success(request, f"{reservation.guest} ({reservation.public_id}): {DONE[action]}.")
    return HttpResponseRedirect(back)


@require_POST
def release_hold(request):
    access = restaurant_access(request, HOST)
    hold = (
        access.filter(Hold.objects.select_related("restaurant")).filter(public_id=request.POST.get("hold", "")).first()
    )
    if hold is None:
        raise Http404("No such hold.")
    try:
        staff.staff_release_hold(hold=hold, actor=_actor(request, hold.restaurant))
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"Hold {hold.public_id} released: its table is on sale again.")
    return HttpResponseRedirect(_back(request, hold.restaurant, hold.service_date))


@require_POST
def waitlist_move(request):
    """One tap on the waitlist panel: offer, promote into a booking, or cancel, through the
    waitlist's services (the same as its admin actions and `manage.py waitlist`)."""
    action = request.POST.get("action", "")
    if action not in WAITLIST_MOVES:
        raise Http404("No such move.")
    access = restaurant_access(request, HOST)
    entry = (
        access.filter(WaitlistEntry.objects.select_related("restaurant", "guest"))
        .filter(public_id=request.POST.get("entry", ""))
        .first()
    )
    if entry is None:
        raise Http404("No such waitlist entry.")
    back = _back(request, entry.restaurant, entry.service_date)
    try:
        entry = WAITLIST_MOVES[action](entry)
    except DomainError as error:
        messages.error(request, f"{entry.guest} ({entry.public_id}): {waitlist_refusal_text(error)}")
        return HttpResponseRedirect(back)
    done = WAITLIST_DONE[action]
    if action == "promote" and entry.reservation_id:
        done += f" {entry.reservation.public_id}"
    messages.success(request, f"{entry.guest} ({entry.public_id}): {done}.")
    return HttpResponseRedirect(back)


def new_booking(request):
    restaurant = _restaurant(request, request.GET.get("r") or request.POST.get("r"))
    actor = _actor(request, restaurant)
    form = NewBookingForm(request.POST or None, restaurant=restaurant, can_override=actor.is_manager)
    if request.method == "GET":
        form.initial.setdefault("service_date", request.GET.get("date") or _today(restaurant))
        form.initial.setdefault("channel", request.GET.get("channel") or "phone")
        form.initial.setdefault("party_size", restaurant.default_party_size)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        booking = staff.StaffBooking(
            channel=data["channel"],
            party_size=data["party_size"],
            guest=GuestInput(
                first_name=data["first_name"] or None,
                last_name=data["last_name"] or None,
                email=data["email"] or None,
                phone=data["phone"] or None,
            )
            if (data["first_name"] or data["last_name"])
            else None,
            service_date=data["service_date"],
            start_time=data["start_time"],
            table_ids=tuple(table.pk for table in data["tables"]),
            guest_notes=data["guest_notes"] or None,
            internal_notes=data["internal_notes"] or None,
        )
        try:
            created = staff.create_staff_booking(
                restaurant=restaurant,
                booking=booking,
                actor=actor,
                confirmed=staff.ALL_WARNINGS if data.get("override") else frozenset(),
            )
        except DomainError as error:
            form.add_error(form.field_for(error), error.message)
        else:
            messages.success(request, f"Booking {created.public_id} for {created.guest} ({created.status}).")
            return HttpResponseRedirect(sheet_url(restaurant, created.service_date))
    context = {
        **admin.site.each_context(request),
        "title": f"New booking · {restaurant.name}",
        "restaurant": restaurant,
        "form": form,
        "back_url": sheet_url(restaurant, form.initial.get("service_date") if request.method == "GET" else None),
    }
    return render(request, "backoffice/booking_form.html", context)


def edit_booking(request, public_id: str):
    access = restaurant_access(request, HOST)
    reservation = (
        access.filter(Reservation.objects.select_related("restaurant", "guest", "company"))
        .filter(public_id=public_id)
        .first()
    )
    if reservation is None:
        raise Http404("No such booking.")
    restaurant = reservation.restaurant
    actor = _actor(request, restaurant)
    form = EditBookingForm(request.POST or None, reservation=reservation, can_override=actor.is_manager)
    if request.method == "POST" and form.is_valid():
        try:
            staff.move_booking(
                reservation=reservation,
                fields=form.changed_fields(),
                table_ids=form.changed_tables(),
                actor=actor,
                confirmed=staff.ALL_WARNINGS if form.cleaned_data.get("override") else frozenset(),
            )
        except DomainError as error:
            form.add_error(form.field_for(error), error.message)
        else:
            messages.success(request, f"Booking {reservation.public_id} changed.")
            return HttpResponseRedirect(sheet_url(restaurant, reservation.service_date))
    context = {
        **admin.site.each_context(request),
        "title": f"{reservation.guest} · {reservation.public_id}",
        "restaurant": restaurant,
        "reservation": reservation,
        "form": form,
        "back_url": sheet_url(restaurant, reservation.service_date),
        "history": reservation.status_changes.select_related("event").order_by("-created_at", "-id")[:20],
        "guest_history": Reservation.objects.filter(restaurant=restaurant, guest_id=reservation.guest_id)
        .exclude(pk=reservation.pk)
        .order_by("-service_date", "-starts_at")[:10],
        "guest_url": _guest_url_pattern(),
    }
    return render(request, "backoffice/booking_form.html", context)
