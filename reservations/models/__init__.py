from .booking import Reservation, ReservationEvent, TableAllocation
from .company import Company
from .floor import Combination, FloorPlan, Section, Table
from .restaurant import Restaurant
from .schedule import Block, Closure, DayNote, Shift

__all__ = [
    "Block",
    "Closure",
    "Combination",
    "Company",
    "DayNote",
    "FloorPlan",
    "Reservation",
    "ReservationEvent",
    "Restaurant",
    "Section",
    "Shift",
    "Table",
    "TableAllocation",
]
