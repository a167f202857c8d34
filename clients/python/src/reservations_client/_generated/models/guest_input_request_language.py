from enum import StrEnum


class GuestInputRequestLanguage(StrEnum):
    DA = "da"
    DE = "de"
    EN = "en"
    ES = "es"
    FI = "fi"
    FR = "fr"
    IT = "it"
    NL = "nl"
    NO = "no"
    PT = "pt"
    SV = "sv"

    def __str__(self) -> str:
        return str(self.value)
