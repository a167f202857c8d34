from django.apps import AppConfig


class ReservationsConfig(AppConfig):
    name = "reservations"
    verbose_name = "Restaurants and reservations"

    def ready(self):
        # Their error codes join config.error_codes' table (the handler and the error reference read it).
        from reservations import exceptions  # noqa: F401

        # Guest e-mails travel through the outbox (reservations.services.notify).
        from reservations.emails import send_from_outbox
        from reservations.payments import exceptions as payment_exceptions  # noqa: F401
        from reservations.services.notify import GUEST_EMAIL
        from webhooks.services import messages

        messages.register(GUEST_EMAIL, send_from_outbox)
        # A merge, an unmerge and an erasure of guests reach their bookings (guests never imports them).
        from guests.services import handovers as guest_handovers
        from reservations.services.guest_records import Bookings

        guest_handovers.keep(Bookings())
