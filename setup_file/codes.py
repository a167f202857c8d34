"""The code lists live with the models, which validate them (reservations/models/codes.py)."""

from reservations.models.codes import COUNTRIES, CURRENCIES

__all__ = ["COUNTRIES", "CURRENCIES"]
