"""What the guest pages say, in the guest's language: notices after a redirect, statuses, the
online rules a booking or a change met, a card's refusal and why a booking cannot be changed.
Fixed keys, never free text from the address or a provider."""

from django.utils.translation import gettext as _

# What the page says after a redirect (`?notice=`): fixed keys, never free text from the address.
NOTICES = {
    "booked": lambda: _("Your booking is made."),
    "card_step": lambda: _("Almost done: save a card below to secure your table."),
    "card_saved": lambda: _("Your card is saved. Thank you: your booking is secured."),
    "cancelled": lambda: _("Your booking is cancelled."),
    "feedback": lambda: _("Thank you for your feedback."),
    "closed": lambda: _("This booking no longer awaits a card."),
    "authentication_failed": lambda: _("Your bank did not confirm the card. Try again or use another card."),
    "lapsed": lambda: _(
        "The time to save a card has passed, so the restaurant released the table. You can book again."
    ),
    "changed": lambda: _("Your booking is changed. We sent you an e-mail with the new details."),
    "change_pending": lambda: _("Your change is received: the restaurant will confirm your booking as it is now."),
    "unchanged": lambda: _("Nothing was changed: this is already your booking."),
    "change_taken": lambda: _(
        "The new time was taken while you saved your card, so nothing was changed and your card was not kept. "
        "Your booking stays as it was."
    ),
}

STATUS_TEXT = {
    "awaiting_guarantee": lambda: _("Waiting for your card"),
    "awaiting_guest": lambda: _("Waiting for your card"),
    "pending": lambda: _("Request received: the restaurant will confirm it"),
    "confirmed": lambda: _("Confirmed"),
    "partially_seated": lambda: _("Seated"),
    "seated": lambda: _("Seated"),
    "completed": lambda: _("Completed"),
    "cancelled": lambda: _("Cancelled"),
    "no_show": lambda: _("Missed"),
}

VIOLATION_TEXT = {
    "slot_no_longer_available": lambda: _("This time was just taken. Please choose another time."),
    "no_table_available": lambda: _("No table is free for your party at this time. Please choose another time."),
    "cutoff_passed": lambda: _("Online booking for this time has closed."),
    "date_in_past": lambda: _("This date has passed."),
    "advance_window_exceeded": lambda: _("This date is too far ahead to book online."),
    "party_size_too_large": lambda: _("Please call the restaurant for a party of this size."),
    "party_size_too_small": lambda: _("This party size cannot be booked online."),
    "guarantee_required": lambda: _("This time cannot be booked online right now."),
}

# A declined card, in words (the provider's reason code is never shown).
DECLINE_TEXT = {
    "card_declined": lambda: _("Your bank declined this card. Please try another card."),
    "lost_card": lambda: _("Your bank declined this card. Please try another card."),
    "stolen_card": lambda: _("Your bank declined this card. Please try another card."),
    "generic_decline": lambda: _("Your bank declined this card. Please try another card."),
    "do_not_honor": lambda: _("Your bank declined this card. Please try another card."),
    "insufficient_funds": lambda: _("Your bank declined this card: it has not enough funds. Please try another card."),
    "expired_card": lambda: _("This card has expired. Please use another card."),
    "incorrect_cvc": lambda: _(
        "The security code is not right. Check the digits on the back of the card and try again."
    ),
    "incorrect_number": lambda: _("This card number is not right. Check it and try again."),
    "invalid_number": lambda: _("This card number is not right. Check it and try again."),
    "processing_error": lambda: _("Your bank could not be reached. Please try again in a moment."),
    "test_mode_live_card": lambda: _("This restaurant takes test cards only: a real card number is not accepted here."),
    "authentication_failed": lambda: _("Your bank did not confirm the card. Try again, or use another card."),
    "authentication_required": lambda: _(
        "Your bank asks to confirm this card. Try again and confirm it with your bank."
    ),
}


def decline_text(reason: str | None) -> str:
    return DECLINE_TEXT.get(reason or "", DECLINE_TEXT["card_declined"])()


# Why a booking cannot be changed online (reservations.services.guest_change).
CHANGE_REFUSAL_TEXT = {
    "guest_changes_off": lambda: _("This restaurant does not take changes online. Please call the restaurant."),
    "booking_seated": lambda: _("This booking can no longer be changed online: your visit has begun."),
    "booking_cancelled": lambda: _("This booking is cancelled. You can make a new booking."),
    "card_step_open": lambda: _("Save your card first: the booking can be changed once it is secured."),
    "cutoff_passed": lambda: _("Online changes have closed for this booking. Please call the restaurant to change it."),
}


def change_refusal_text(code: str) -> str:
    return CHANGE_REFUSAL_TEXT.get(code, CHANGE_REFUSAL_TEXT["cutoff_passed"])()
