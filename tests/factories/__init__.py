"""factory-boy factories shared by every test folder, one module per app.

Import them from here: `from tests.factories import ReservationFactory, make_key, ALL_SCOPES`.
"""

from tests.factories.apikeys import (
    ALL_SCOPES,
    PASSWORD,
    ApiKeyFactory,
    InvitationFactory,
    MembershipFactory,
    UserFactory,
    make_key,
)
from tests.factories.guests import GuestFactory, GuestMergeFactory
from tests.factories.holds import HoldFactory
from tests.factories.payments import ProviderEventFactory, SimulatedCardIntentFactory, SimulatedChargeFactory
from tests.factories.reservations import (
    BlockFactory,
    ClosureFactory,
    CombinationFactory,
    CompanyFactory,
    DayNoteFactory,
    FloorPlanFactory,
    ReservationEventFactory,
    ReservationFactory,
    RestaurantFactory,
    SectionFactory,
    ShiftFactory,
    TableAllocationFactory,
    TableFactory,
)
from tests.factories.waitlist import WaitlistEntryFactory
from tests.factories.webhooks import DeliveryFactory, EndpointFactory, EventFactory, OutboxMessageFactory

__all__ = [
    "ALL_SCOPES",
    "PASSWORD",
    "ApiKeyFactory",
    "BlockFactory",
    "ClosureFactory",
    "CombinationFactory",
    "CompanyFactory",
    "DayNoteFactory",
    "DeliveryFactory",
    "EndpointFactory",
    "EventFactory",
    "FloorPlanFactory",
    "GuestFactory",
    "GuestMergeFactory",
    "HoldFactory",
    "InvitationFactory",
    "MembershipFactory",
    "OutboxMessageFactory",
    "ProviderEventFactory",
    "ReservationEventFactory",
    "ReservationFactory",
    "RestaurantFactory",
    "SectionFactory",
    "ShiftFactory",
    "SimulatedCardIntentFactory",
    "SimulatedChargeFactory",
    "TableAllocationFactory",
    "TableFactory",
    "UserFactory",
    "WaitlistEntryFactory",
    "make_key",
]
