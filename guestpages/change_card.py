"""The card step of a guest's change (`/change/<token>/card`): the new slot asks for a card the
booking does not hold. The booking stays as it is until the card is saved
(reservations.services.guest_change_card); a declined card shows why, in words, and the same form
again; the test provider's extra step is `/verify`, the return from Stripe's own is `/return`."""

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from config.exceptions import DomainError
from config.ids import random_token
from guestpages.change import applied_notice
from guestpages.forms import CardForm, ExtraStepForm
from guestpages.texts import decline_text
from guestpages.views import _back, common, guest_page, not_found, page_url
from reservations.models import GuestChange, GuestChangeStatus
from reservations.services.guest_change_card import (
    change_card_step,
    change_return_url,
    complete_change_extra_step,
    refresh_change_card,
    save_change_card,
)


def _change_of(reservation, token: str) -> GuestChange | None:
    return (
        GuestChange.objects.filter(reservation=reservation, token=token)
        .select_related("reservation__restaurant", "reservation__guest")
        .first()
    )


def _leave(request, restaurant, reservation, outcome):
    """After an attempt: the booking's page saying what came of it, or the next step."""
    if outcome.status == "applied":
        reservation.refresh_from_db(fields=["status"])
        return _back(request, restaurant, reservation, applied_notice(reservation))
    if outcome.status == "refused":
        return _back(request, restaurant, reservation, "change_taken")
    if outcome.status == "requires_action":
        return _back(request, restaurant, reservation, suffix=f"/change/{outcome.change.token}/verify")
    return _back(request, restaurant, reservation)


def _stripe(request, restaurant, change) -> dict | None:
    if restaurant.payment_provider != "stripe" or not settings.STRIPE_PUBLISHABLE_KEY:
        return None
    try:
        change = change_card_step(change=change)
    except DomainError:
        return None
    if not change.client_secret:
        return None
    request.script_nonce = random_token(24)
    return {
        "publishable_key": settings.STRIPE_PUBLISHABLE_KEY,
        "client_secret": change.client_secret,
        "return_url": change_return_url(change),
        "nonce": request.script_nonce,
    }


def _page(request, restaurant, reservation, change, status=200, card_form=None, card_error=None):
    path = page_url(restaurant, reservation, f"/change/{change.token}")
    context = common(
        request,
        restaurant,
        reservation=reservation,
        change=change,
        card_form=card_form or CardForm(),
        card_error=card_error,
        stripe=_stripe(request, restaurant, change),
        action=path + "/card" + (f"?lang={request.GET['lang']}" if request.GET.get("lang") else ""),
        verify_url=page_url(restaurant, reservation, f"/change/{change.token}/verify", lang=request.GET.get("lang")),
        back=page_url(restaurant, reservation, lang=request.GET.get("lang")),
    )
    return render(request, "guest/change_card.html", context, status=status)


@require_http_methods(["GET", "POST"])
@guest_page
def card(request, restaurant, reservation, change_token):
    change = _change_of(reservation, change_token)
    if change is None:
        return not_found(request, restaurant)
    if change.status != GuestChangeStatus.AWAITING_CARD:
        return _leave(request, restaurant, reservation, _Done(change))
    if request.method == "GET":
        return _page(request, restaurant, reservation, change)
    form = CardForm(request.POST)
    if not form.is_valid():
        return _page(request, restaurant, reservation, change, status=422, card_form=form)
    try:
        outcome = save_change_card(change=change, card_number=form.cleaned_data["card_number"])
    except DomainError:
        message = _("Cards cannot be taken right now. Please try again later or call the restaurant.")
        return _page(request, restaurant, reservation, change, status=422, card_form=form, card_error=message)
    if outcome.status == "declined":
        return _page(
            request, restaurant, reservation, outcome.change, status=422, card_error=decline_text(outcome.reason)
        )
    return _leave(request, restaurant, reservation, outcome)


@require_http_methods(["GET", "POST"])
@guest_page
def verify(request, restaurant, reservation, change_token):
    """The test provider's extra step for the change's card (what a bank's 3-D Secure page asks)."""
    change = _change_of(reservation, change_token)
    if change is None:
        return not_found(request, restaurant)
    if change.status != GuestChangeStatus.AWAITING_CARD or not change.awaiting_action:
        return _leave(request, restaurant, reservation, _Done(change))
    context = common(
        request,
        restaurant,
        reservation=reservation,
        amount=change.amount,
        currency=change.currency,
        path=page_url(restaurant, reservation, f"/change/{change.token}/verify"),
    )
    if request.method == "GET":
        return render(request, "guest/verify.html", {**context, "form": ExtraStepForm()})
    form = ExtraStepForm(request.POST)
    if not form.is_valid():
        return render(request, "guest/verify.html", {**context, "form": form}, status=422)
    outcome = complete_change_extra_step(change=change, approve=form.cleaned_data["decision"] == "approve")
    if outcome.status == "declined":
        return _page(
            request, restaurant, reservation, outcome.change, status=422, card_error=decline_text(outcome.reason)
        )
    return _leave(request, restaurant, reservation, outcome)


@require_GET
@guest_page
def card_return(request, restaurant, reservation, change_token):
    """Where Stripe's own extra step sends the guest back."""
    change = _change_of(reservation, change_token)
    if change is None:
        return not_found(request, restaurant)
    outcome = refresh_change_card(change=change)
    if outcome.status == "declined":
        return _page(
            request, restaurant, reservation, outcome.change, status=422, card_error=decline_text(outcome.reason)
        )
    return _leave(request, restaurant, reservation, outcome)


class _Done:
    """A change no longer waiting for a card, as an outcome: where it ended."""

    def __init__(self, change: GuestChange):
        self.change = change
        self.status = {"applied": "applied", "refused": "refused"}.get(change.status, "closed")
