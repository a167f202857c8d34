from django.apps import AppConfig


class GuestPagesConfig(AppConfig):
    name = "guestpages"
    verbose_name = "Guest pages"
