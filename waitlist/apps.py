from django.apps import AppConfig


class WaitlistConfig(AppConfig):
    name = "waitlist"
    verbose_name = "Waitlist"

    def ready(self):
        # The offer e-mail travels through the outbox (waitlist.services.offer_entry).
        from waitlist.emails import OFFER_EMAIL, send_from_outbox
        from webhooks.services import messages

        messages.register(OFFER_EMAIL, send_from_outbox)
        # A cancellation that frees a table suggests the entries it can seat.
        from reservations.services import handovers
        from waitlist.services import suggest_after_cancellation

        handovers.on_cancellation(suggest_after_cancellation)
        # A merge, an unmerge and an erasure of guests reach their entries (guests never imports them).
        from guests.services import handovers as guest_handovers
        from waitlist.services.guest_records import Entries

        guest_handovers.keep(Entries())
