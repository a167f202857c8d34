from .booking import Reservation, ReservationEvent, TableAllocation
from .company import Company
from .floor import Combination, FloorPlan, Section, Table
from .guarantee import CardGuarantee, Feedback, FeedbackInvitation, GuaranteeCharge, WidgetSubmission
from .guest_change import GuestChange, GuestChangeStatus
from .occupancy_log import OccupancyChange
from .payments import ProviderEvent, SimulatedCardIntent, SimulatedCharge, SimulatedRefund
from .restaurant import Restaurant
from .schedule import Block, Closure, DayNote, Shift
from .staff import StatusChange

__all__ = [
    "Block",
    "CardGuarantee",
    "Feedback",
    "FeedbackInvitation",
    "GuaranteeCharge",
    "WidgetSubmission",
    "GuestChange",
    "GuestChangeStatus",
    "Closure",
    "Combination",
    "Company",
    "DayNote",
    "FloorPlan",
    "OccupancyChange",
    "ProviderEvent",
    "Reservation",
    "ReservationEvent",
    "Restaurant",
    "Section",
    "Shift",
    "SimulatedCardIntent",
    "SimulatedCharge",
    "SimulatedRefund",
    "StatusChange",
    "Table",
    "TableAllocation",
]
