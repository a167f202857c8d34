from django.apps import AppConfig


class HoldsConfig(AppConfig):
    name = "holds"
    verbose_name = "Holds"

    def ready(self):
        # A hold converts into a booking through reservations' create (hold_id), which never imports holds.
        from holds.conversion import CONVERSION
        from reservations.services import handovers

        handovers.converts_holds(CONVERSION)
        # `manage.py booking release-hold`.
        from config.commands import hand_over
        from holds.commands import RELEASE_HOLD

        hand_over("booking", RELEASE_HOLD)
