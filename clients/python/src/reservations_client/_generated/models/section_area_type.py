from enum import StrEnum


class SectionAreaType(StrEnum):
    BAR = "bar"
    INDOOR = "indoor"
    LOUNGE = "lounge"
    OUTDOOR = "outdoor"
    PATIO = "patio"
    PRIVATE_ROOM = "private_room"
    ROOFTOP = "rooftop"
    TERRACE = "terrace"

    def __str__(self) -> str:
        return str(self.value)
