"""The booking engine: plain Python over plain data, no I/O.

Given a restaurant's policy (`Policy`), the occupancy around a service date
(`Occupancy`) and the time, it answers which slots a party can take, where, and
if not, which rules say no. Availability, hold, create and modify all ask it.
"""

from reservations.engine.availability import (
    DayAvailability,
    MonthDay,
    day_availability,
    day_timeline,
    month_availability,
    month_timeline,
)
from reservations.engine.day import Day
from reservations.engine.evaluate import BookingRequest, Decision, evaluate
from reservations.engine.occupancy import Busy, Covers, CoversLedger, Occupancy
from reservations.engine.policy import Policy

__all__ = [
    "BookingRequest",
    "Busy",
    "Covers",
    "CoversLedger",
    "Day",
    "DayAvailability",
    "Decision",
    "MonthDay",
    "Occupancy",
    "Policy",
    "day_availability",
    "day_timeline",
    "evaluate",
    "month_availability",
    "month_timeline",
]
