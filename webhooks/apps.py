from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "webhooks"
    verbose_name = "Webhooks"

    def ready(self) -> None:
        import webhooks.tasks  # noqa: F401  (registered where the doorbell rings, not only in workers)
        from webhooks.notifications import send_endpoint_disabled
        from webhooks.services import messages
        from webhooks.services.disabling import ENDPOINT_DISABLED

        messages.register(ENDPOINT_DISABLED, send_endpoint_disabled)
