"""The languages guest-facing text can be in: a restaurant's, a guest's (both name them)."""

from django.db import models


class Language(models.TextChoices):
    """The languages guest-facing text can be in (ISO 639-1)."""

    FR = "fr", "Français"
    EN = "en", "English"
    DE = "de", "Deutsch"
    ES = "es", "Español"
    IT = "it", "Italiano"
    NL = "nl", "Nederlands"
    PT = "pt", "Português"
    DA = "da", "Dansk"
    SV = "sv", "Svenska"
    NO = "no", "Norsk"
    FI = "fi", "Suomi"
