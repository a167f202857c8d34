"""The guest's pages: the restaurant's public booking page and each booking's own page.

Server-rendered Django templates and forms, no JavaScript: every form is a plain POST that
any HTTP client can drive (with the CSRF cookie and token the page hands out). Views parse a
form, call one service, and redirect (post/redirect/get) or render the form again with its
errors. The pages are in the guest's language (`?lang=`, else the guest's profile, else the
restaurant's primary language) and in the restaurant's time zone.

The booking page's address carries the booking's `modification_token`: a capability. Answers
are `Cache-Control: no-store`, `Referrer-Policy: same-origin` (the address never leaks to
another site; `no-referrer` would make browsers send `Origin: null` on the forms' posts, which
the CSRF check refuses) and `X-Robots-Tag: noindex`.
"""

import datetime as dt
import re
from functools import wraps
from urllib.parse import urlencode

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.exceptions import DomainError, LockTimeout
from config.formats import zone
from config.ids import random_token
from guestpages.forms import BookingForm, CancelForm, CardForm, FeedbackForm, SearchForm
from guestpages.selectors import booking_of, guest_view, restaurant_of
from guestpages.texts import NOTICES, STATUS_TEXT, VIOLATION_TEXT, change_refusal_text
from guests.services import GuestInput
from reservations.configuration import default_party_size, last_service_date, restaurant_today
from reservations.exceptions import BookingRulesViolated
from reservations.guest_language import django_language, guest_language, page_languages
from reservations.models import WidgetSubmission
from reservations.models.booking import ReservationStatus
from reservations.models.restaurant import Language
from reservations.selectors import availability
from reservations.services.card_guarantee import card_step, return_url
from reservations.services.create import CreateParams, create_reservation
from reservations.services.feedback import submit_feedback
from reservations.services.guest_cancel import cancel_by_guest
from reservations.services.guest_change import change_refusal
from reservations.texts import translate

STRIPE_JS_ORIGIN = "https://js.stripe.com"
TOKEN = re.compile(r"[A-Za-z0-9]{16,64}\Z")
MAX_PARTY_CHOICES = 20
TOLD_REFUSALS = ("cutoff_passed", "guest_changes_off")  # why a booking cannot be changed, on its page
ENDED = (ReservationStatus.CANCELLED, ReservationStatus.COMPLETED, ReservationStatus.NO_SHOW)
LANGUAGE_NAMES = dict(Language.choices)  # each in its own language: "Français", "Deutsch"


def guest_page(view):
    """The language, time zone and private-page headers of every guest page."""

    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        token = kwargs.pop("token", None)
        args = (*args, *kwargs.values())  # a part of the address under the booking's (a change's token)
        if token is not None:
            found = booking_of(slug, token) if TOKEN.match(token) else None  # both in one round trip
            if found is None:
                return not_found(request, restaurant_of(slug))
            restaurant, reservation = found
            return in_guest_context(request, restaurant, reservation.guest, view, restaurant, reservation, *args)
        restaurant = restaurant_of(slug)
        if restaurant is None:
            raise Http404
        return in_guest_context(request, restaurant, None, view, restaurant, *args)

    return wrapper


def in_guest_context(request, restaurant, guest, view, *args):
    """Run a guest page's view in the guest's language and the restaurant's time zone, and add the
    private-page headers (also used by the waitlist entry's page, guestpages.waitlist)."""
    language = guest_language(restaurant, guest, request.GET.get("lang"))
    request.guest_language = language
    with translation.override(django_language(language)), timezone.override(zone(restaurant.timezone)):
        try:
            response = view(request, *args)
        except LockTimeout:  # another write of the restaurant held its lock too long: nothing was done
            response = render(request, "guest/busy.html", common(request, restaurant), status=503)
            response["Retry-After"] = "2"
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex"
    response["Content-Language"] = language
    response["Content-Security-Policy"] = content_security_policy(getattr(request, "script_nonce", None))
    return response


def not_found(request, restaurant):
    """A guest page's 404 at a restaurant: its header, the guest's language and the way to its booking
    page. With no restaurant, the site's 404 (config.urls renders guest/404.html for /book/ too)."""
    if restaurant is None:
        raise Http404
    return in_guest_context(request, restaurant, None, _not_found, restaurant)


def _not_found(request, restaurant):
    booking_page = page_url(restaurant, lang=request.GET.get("lang")) if restaurant.widget_enabled else None
    return render(request, "guest/404.html", common(request, restaurant, booking_page=booking_page), status=404)


def content_security_policy(script_nonce: str | None) -> str:
    """No script at all, except Stripe.js and our one nonce'd script on a Stripe card step."""
    policy = (
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; "
        "base-uri 'none'; frame-ancestors 'none'"
    )
    if script_nonce:
        policy += (
            f"; script-src 'nonce-{script_nonce}' {STRIPE_JS_ORIGIN}; frame-src {STRIPE_JS_ORIGIN} "
            "https://hooks.stripe.com; connect-src https://api.stripe.com"
        )
    return policy


def page_url(restaurant, reservation=None, suffix: str = "", **query) -> str:
    path = f"/book/{restaurant.slug}" + (f"/{reservation.modification_token}" if reservation else "") + suffix
    query = {key: value for key, value in query.items() if value}
    return path + ("?" + urlencode(query) if query else "")


def common(request, restaurant, **extra) -> dict:
    language = request.guest_language
    return {
        "restaurant": restaurant,
        "language": language,
        # Each link says its language in that language to a screen reader ("FR, Français").
        "languages": [(code, LANGUAGE_NAMES.get(code, code)) for code in page_languages(restaurant)],
        "path": request.path,
        **extra,
    }


# The restaurant's public booking page.


def _sizes(restaurant) -> list[int]:
    low = restaurant.min_party_size or 1
    high = restaurant.max_party_size or max(low, MAX_PARTY_CHOICES)
    return list(range(low, min(high, low + 99) + 1))


def _offer(restaurant, date: dt.date, party_size: int, exclude: tuple | None = None):
    """The day's services as the API's availability answers them, with the times on sale (`exclude`:
    a booking being changed, which does not block itself)."""
    day = availability.day(restaurant, date=date, party_size=party_size, group_id=None, exclude=exclude)
    lang = translation.get_language()
    services, times = [], []
    for shift in day.shifts:
        slots = [offer.slot.hhmm for offer in shift.slots]
        times += slots
        guarantee = shift.guarantee
        services.append(
            {
                "name": translate(shift.shift.name, lang, restaurant.primary_language),
                "message": translate(shift.shift.guest_message, lang, restaurant.primary_language),
                "slots": slots,
                "unavailable": [slot.hhmm for slot in shift.unavailable_slots],
                "requires_approval": shift.requires_approval,
                "guarantee_amount": guarantee.per_guest_amount * party_size if guarantee else None,
                "guarantee_cancel_hours": guarantee.cancel_hours if guarantee else None,
                "closed": shift.booking_closed or shift.display_only,
                # The queue is offered when the service's waitlist is open and this party cannot
                # take every time it sells (availability's `waitlist_open`, `unavailable_slots`).
                "waitlist": shift.waitlist_open
                and not (shift.booking_closed or shift.display_only)
                and (bool(shift.unavailable_slots) or not slots),
            }
        )
    banner = translate(day.day_message, lang, restaurant.primary_language)
    closure = translate(day.closure.guest_message, lang, restaurant.primary_language) if day.closure else None
    return services, times, banner, closure


@require_http_methods(["GET", "POST"])
@guest_page
def booking_page(request, restaurant):
    """GET: pick a date and party size, then a time, and enter your details. POST: book."""
    today = restaurant_today(restaurant)
    context = common(request, restaurant, today=today)
    if not restaurant.widget_enabled:
        return render(request, "guest/unavailable.html", context, status=404 if request.method == "GET" else 409)
    sizes = _sizes(restaurant)
    last = last_service_date(restaurant, today)
    data = request.POST if request.method == "POST" else request.GET
    initial = {"date": today, "party_size": default_party_size(restaurant)}
    search = SearchForm(
        {k: data[k] for k in ("date", "party_size") if k in data} or None,
        initial=initial,
        sizes=sizes,
        first_date=today,
        last_date=last,
    )
    context["search"] = search
    if not search.is_bound or not search.is_valid():
        return render(request, "guest/book.html", context, status=200 if not search.is_bound else 400)
    date, party_size = search.cleaned_data["date"], search.cleaned_data["party_size"]
    services, times, banner, closure = _offer(restaurant, date, party_size)
    context.update(date=date, party_size=party_size, services=services, banner=banner, closure=closure)
    if any(service["waitlist"] for service in services):
        context["waitlist_url"] = page_url(
            restaurant, suffix="/waitlist", date=date.isoformat(), party_size=party_size, lang=request.GET.get("lang")
        )
    phone_required = restaurant.require_guest_phone or "phone" in (restaurant.required_guest_fields or [])
    if request.method == "GET":
        form = BookingForm(
            initial={"date": date, "party_size": party_size, "submission": random_token(32)},
            times=times,
            phone_required=phone_required,
        )
        context["form"] = form
        return render(request, "guest/book.html", context)
    form = BookingForm(request.POST, times=times, phone_required=phone_required)
    context["form"] = form
    if not form.is_valid():
        repeated = _submitted_before(restaurant, request.POST.get("submission"))
        if repeated is not None:  # the same form again, after its time was sold to it
            return HttpResponseRedirect(page_url(restaurant, repeated, lang=request.GET.get("lang")))
        return render(request, "guest/book.html", context, status=422)
    try:
        reservation = _book(restaurant, form.cleaned_data, date, party_size, request.guest_language)
    except BookingRulesViolated as refusal:
        codes = [v["code"] for v in refusal.violations]
        context["problems"] = [VIOLATION_TEXT.get(code, lambda: _("This time cannot be booked."))() for code in codes]
        return render(request, "guest/book.html", context, status=422)
    except DomainError as refusal:
        context["problems"] = [_("This booking could not be made (%(code)s).") % {"code": refusal.code}]
        return render(request, "guest/book.html", context, status=422)
    notice = "card_step" if reservation.status == ReservationStatus.AWAITING_GUEST else "booked"
    return HttpResponseRedirect(page_url(restaurant, reservation, lang=request.GET.get("lang"), notice=notice))


def _submitted_before(restaurant, token: str | None):
    if not token:
        return None
    row = WidgetSubmission.objects.filter(restaurant=restaurant, token=token).select_related("reservation").first()
    return row.reservation if row is not None else None


def _book(restaurant, data: dict, date: dt.date, party_size: int, language: str):
    """One booking per submitted form: a second post of it (a double click, a reload) finds the first.

    The submission row is written first in the booking's transaction: a concurrent duplicate
    waits on its unique key until the first commits, then finds its booking.
    """
    hour, minute = (int(part) for part in data["time"].split(":"))
    params = CreateParams(
        service_date=date,
        start_time=dt.time(hour, minute),
        party_size=party_size,
        guest=GuestInput(
            first_name=data["first_name"].strip(),
            last_name=data["last_name"].strip(),
            email=data["email"],
            phone=data["phone"] or None,
            language=language,
        ),
        guest_notes=data["notes"] or None,
        source="widget",
        guest_source="widget",
        booking_channel="website_widget",
        guest_present=True,
    )
    try:
        with transaction.atomic():
            submission = WidgetSubmission.objects.create(restaurant=restaurant, token=data["submission"])
            reservation = create_reservation(restaurant=restaurant, params=params)
            submission.reservation = reservation
            submission.save(update_fields=["reservation"])
            return reservation
    except IntegrityError:
        first = _submitted_before(restaurant, data["submission"])
        if first is None:
            raise
        return first


# The booking's own page.


@require_GET
@guest_page
def reservation_page(request, restaurant, reservation):
    return _render_reservation(request, restaurant, reservation)


def _stripe_step(request, restaurant, reservation, view) -> dict | None:
    """On a Stripe restaurant's card step: what Stripe.js needs (the intent's client secret)."""
    if not view.awaiting_card or restaurant.payment_provider != "stripe" or not settings.STRIPE_PUBLISHABLE_KEY:
        return None
    try:
        card = card_step(reservation=reservation)
    except DomainError:
        return None  # the form says cards cannot be taken now when the guest tries
    if card.provider != "stripe" or not card.client_secret:
        return None
    request.script_nonce = random_token(24)
    return {
        "publishable_key": settings.STRIPE_PUBLISHABLE_KEY,
        "client_secret": card.client_secret,
        "return_url": return_url(reservation),
        "nonce": request.script_nonce,
    }


def _render_reservation(request, restaurant, reservation, status: int = 200, **forms):
    view = guest_view(reservation)
    stripe = _stripe_step(request, restaurant, reservation, view)
    notice = NOTICES.get(request.GET.get("notice", ""))
    lang = request.GET.get("lang")
    refusal = change_refusal(reservation)
    context = common(
        request,
        restaurant,
        path=page_url(restaurant, reservation),  # the forms' base, also when a post's answer renders it
        reservation=reservation,
        view=view,
        status_text=STATUS_TEXT.get(reservation.status, lambda: reservation.status)(),
        expired=reservation.cancellation_reason == "guarantee_expired",
        notice=notice() if notice else None,
        card_form=forms.get("card_form") or CardForm(),
        cancel_form=forms.get("cancel_form") or CancelForm(),
        feedback_form=forms.get("feedback_form") or FeedbackForm(),
        card_error=forms.get("card_error"),
        stripe=stripe,
        lang_query=("?" + urlencode({"lang": lang})) if lang else "",
        change_url=page_url(restaurant, reservation, "/change", lang=lang) if refusal is None else None,
        # Said only where the guest would look for the change (not once the visit began or ended).
        change_refusal=change_refusal_text(refusal) if refusal in TOLD_REFUSALS else None,
        upcoming=reservation.status not in ENDED and not view.past,
        calendar_url=page_url(restaurant, reservation, "/calendar.ics", lang=lang),
        book_again=page_url(restaurant, lang=lang),
    )
    return render(request, "guest/reservation.html", context, status=status)


def _back(request, restaurant, reservation, notice: str | None = None, suffix: str = ""):
    return HttpResponseRedirect(page_url(restaurant, reservation, suffix, lang=request.GET.get("lang"), notice=notice))


@require_POST
@guest_page
def cancel(request, restaurant, reservation):
    form = CancelForm(request.POST)
    if not guest_view(reservation).can_cancel:
        return _back(request, restaurant, reservation)
    if not form.is_valid():
        return _render_reservation(request, restaurant, reservation, status=422, cancel_form=form)
    cancel_by_guest(reservation=reservation)
    return _back(request, restaurant, reservation, "cancelled")


@require_POST
@guest_page
def feedback(request, restaurant, reservation):
    form = FeedbackForm(request.POST)
    if not guest_view(reservation).can_give_feedback:
        return _back(request, restaurant, reservation)
    if not form.is_valid():
        return _render_reservation(request, restaurant, reservation, status=422, feedback_form=form)
    try:
        submit_feedback(
            reservation=reservation, rating=form.cleaned_data["rating"], comment=form.cleaned_data["comment"]
        )
    except DomainError:
        return _back(request, restaurant, reservation)
    return _back(request, restaurant, reservation, "feedback")
