from django.apps import AppConfig


class ReservationsConfig(AppConfig):
    name = "reservations"
    verbose_name = "Restaurants and reservations"
