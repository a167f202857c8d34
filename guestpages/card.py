"""The card step of a booking's own page: save a card (`/card`), the test provider's extra step
(`/card/verify`, what a bank's 3-D Secure page asks) and the return from a provider's own extra step
(`/card/return`, Stripe's). Each parses its form, calls one service (reservations.services.card_guarantee)
and redirects to the booking's page, or renders that page again with the form's errors."""

from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.exceptions import DomainError
from guestpages.forms import CardForm, ExtraStepForm
from guestpages.selectors import guest_view
from guestpages.texts import decline_text
from guestpages.views import _back, _render_reservation, common, guest_page
from reservations.models.booking import GuaranteeStatus, ReservationStatus
from reservations.services.card_guarantee import complete_extra_step, expire_card_request, refresh_card, save_card


@require_POST
@guest_page
def card(request, restaurant, reservation):
    form = CardForm(request.POST)
    if not guest_view(reservation).awaiting_card:
        return _back(request, restaurant, reservation, _closed_notice(reservation))
    if not form.is_valid():
        return _render_reservation(request, restaurant, reservation, status=422, card_form=form)
    try:
        outcome = save_card(reservation=reservation, card_number=form.cleaned_data["card_number"])
    except DomainError as refusal:
        message = _("Cards cannot be taken right now. Please try again later or call the restaurant.")
        if refusal.code == "card_step_closed":
            return _back(request, restaurant, reservation, "closed")
        return _render_reservation(request, restaurant, reservation, status=422, card_form=form, card_error=message)
    if outcome.status == "saved":
        return _back(request, restaurant, reservation, "card_saved")
    if outcome.status == "requires_action":
        return _back(request, restaurant, reservation, suffix="/card/verify")
    if outcome.status == "declined":
        return _render_reservation(
            request, restaurant, reservation, status=422, card_form=CardForm(), card_error=decline_text(outcome.reason)
        )
    return _back(request, restaurant, reservation, _closed_notice(reservation))


def _closed_notice(reservation) -> str:
    """A card posted to a step that ended: a lapsed step is ended now (as the sweep would) and says so."""
    if reservation.guarantee_status == GuaranteeStatus.ACTIVE:
        return "card_saved"
    if reservation.guarantee_expires_at and reservation.guarantee_expires_at <= timezone.now():
        if expire_card_request(reservation=reservation).status == ReservationStatus.CANCELLED:
            return "lapsed"
    return "closed"


@require_http_methods(["GET", "POST"])
@guest_page
def card_verify(request, restaurant, reservation):
    """The test provider's extra step: what a bank's 3-D Secure page asks (approve or fail)."""
    view = guest_view(reservation)
    if not (view.awaiting_card and view.card is not None and view.card.awaiting_action):
        return _back(request, restaurant, reservation, _closed_notice(reservation) if not view.awaiting_card else None)
    if request.method == "GET":
        context = common(request, restaurant, reservation=reservation, form=ExtraStepForm(), **_amount(view))
        return render(request, "guest/verify.html", context)
    form = ExtraStepForm(request.POST)
    if not form.is_valid():
        context = common(request, restaurant, reservation=reservation, form=form, **_amount(view))
        return render(request, "guest/verify.html", context, status=422)
    outcome = complete_extra_step(reservation=reservation, approve=form.cleaned_data["decision"] == "approve")
    if outcome.status == "saved":
        return _back(request, restaurant, reservation, "card_saved")
    if outcome.status == "declined":
        return _back(request, restaurant, reservation, "authentication_failed")
    return _back(request, restaurant, reservation, _closed_notice(reservation))


@require_GET
@guest_page
def card_return(request, restaurant, reservation):
    """Where a provider's own extra step (Stripe's 3-D Secure) sends the guest back."""
    outcome = refresh_card(reservation=reservation)
    return _back(request, restaurant, reservation, "card_saved" if outcome.status == "saved" else None)


def _amount(view) -> dict:
    return {"amount": view.guarantee_amount, "currency": view.guarantee_currency}
