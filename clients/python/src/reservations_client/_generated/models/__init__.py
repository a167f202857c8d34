"""Contains all the data models used in inputs/outputs"""

from .availability import Availability
from .availability_closure import AvailabilityClosure
from .availability_day import AvailabilityDay
from .availability_guarantee import AvailabilityGuarantee
from .availability_month import AvailabilityMonth
from .availability_months_retrieve_locale import AvailabilityMonthsRetrieveLocale
from .availability_retrieve_locale import AvailabilityRetrieveLocale
from .availability_section import AvailabilitySection
from .availability_shift import AvailabilityShift
from .availability_slot import AvailabilitySlot
from .company import Company
from .configuration import Configuration
from .configuration_guest_languages_item import ConfigurationGuestLanguagesItem
from .configuration_primary_language import ConfigurationPrimaryLanguage
from .configuration_required_guest_fields_item import (
    ConfigurationRequiredGuestFieldsItem,
)
from .error import Error
from .error_detail import ErrorDetail
from .error_detail_type import ErrorDetailType
from .guarantee import Guarantee
from .guarantee_kind import GuaranteeKind
from .guarantee_status import GuaranteeStatus
from .guest import Guest
from .guest_input_request import GuestInputRequest
from .guest_input_request_language import GuestInputRequestLanguage
from .guest_language import GuestLanguage
from .guest_list import GuestList
from .guest_source import GuestSource
from .hold import Hold
from .hold_create_request import HoldCreateRequest
from .hold_create_request_kind import HoldCreateRequestKind
from .hold_create_request_metadata import HoldCreateRequestMetadata
from .hold_create_request_override_item import HoldCreateRequestOverrideItem
from .hold_kind import HoldKind
from .hold_list import HoldList
from .hold_metadata import HoldMetadata
from .hold_status import HoldStatus
from .holds_list_status import HoldsListStatus
from .ping import Ping
from .reservation import Reservation
from .reservation_booking_channel import ReservationBookingChannel
from .reservation_create_request import ReservationCreateRequest
from .reservation_create_request_guest_notifications import (
    ReservationCreateRequestGuestNotifications,
)
from .reservation_create_request_metadata import ReservationCreateRequestMetadata
from .reservation_create_request_override_item import (
    ReservationCreateRequestOverrideItem,
)
from .reservation_event import ReservationEvent
from .reservation_event_data import ReservationEventData
from .reservation_event_list import ReservationEventList
from .reservation_event_type import ReservationEventType
from .reservation_guarantee_request import ReservationGuaranteeRequest
from .reservation_list import ReservationList
from .reservation_metadata import ReservationMetadata
from .reservation_modify_request import ReservationModifyRequest
from .reservation_modify_request_override_item import (
    ReservationModifyRequestOverrideItem,
)
from .reservation_source import ReservationSource
from .reservation_status import ReservationStatus
from .reservations_create_expand_item import ReservationsCreateExpandItem
from .reservations_list_expand_item import ReservationsListExpandItem
from .reservations_list_source import ReservationsListSource
from .reservations_list_status import ReservationsListStatus
from .reservations_partial_update_expand_item import ReservationsPartialUpdateExpandItem
from .reservations_retrieve_expand_item import ReservationsRetrieveExpandItem
from .restaurant_reference import RestaurantReference
from .section import Section
from .section_area_type import SectionAreaType
from .section_list import SectionList
from .table import Table
from .violation import Violation
from .violation_code import ViolationCode
from .violation_conflict import ViolationConflict
from .waitlist_entries_list_expand_item import WaitlistEntriesListExpandItem
from .waitlist_entries_list_status import WaitlistEntriesListStatus
from .waitlist_entries_retrieve_expand_item import WaitlistEntriesRetrieveExpandItem
from .waitlist_entry import WaitlistEntry
from .waitlist_entry_joined_via import WaitlistEntryJoinedVia
from .waitlist_entry_list import WaitlistEntryList
from .waitlist_entry_status import WaitlistEntryStatus

__all__ = (
    "Availability",
    "AvailabilityClosure",
    "AvailabilityDay",
    "AvailabilityGuarantee",
    "AvailabilityMonth",
    "AvailabilityMonthsRetrieveLocale",
    "AvailabilityRetrieveLocale",
    "AvailabilitySection",
    "AvailabilityShift",
    "AvailabilitySlot",
    "Company",
    "Configuration",
    "ConfigurationGuestLanguagesItem",
    "ConfigurationPrimaryLanguage",
    "ConfigurationRequiredGuestFieldsItem",
    "Error",
    "ErrorDetail",
    "ErrorDetailType",
    "Guarantee",
    "GuaranteeKind",
    "GuaranteeStatus",
    "Guest",
    "GuestInputRequest",
    "GuestInputRequestLanguage",
    "GuestLanguage",
    "GuestList",
    "GuestSource",
    "Hold",
    "HoldCreateRequest",
    "HoldCreateRequestKind",
    "HoldCreateRequestMetadata",
    "HoldCreateRequestOverrideItem",
    "HoldKind",
    "HoldList",
    "HoldMetadata",
    "HoldStatus",
    "HoldsListStatus",
    "Ping",
    "Reservation",
    "ReservationBookingChannel",
    "ReservationCreateRequest",
    "ReservationCreateRequestGuestNotifications",
    "ReservationCreateRequestMetadata",
    "ReservationCreateRequestOverrideItem",
    "ReservationEvent",
    "ReservationEventData",
    "ReservationEventList",
    "ReservationEventType",
    "ReservationGuaranteeRequest",
    "ReservationList",
    "ReservationMetadata",
    "ReservationModifyRequest",
    "ReservationModifyRequestOverrideItem",
    "ReservationSource",
    "ReservationStatus",
    "ReservationsCreateExpandItem",
    "ReservationsListExpandItem",
    "ReservationsListSource",
    "ReservationsListStatus",
    "ReservationsPartialUpdateExpandItem",
    "ReservationsRetrieveExpandItem",
    "RestaurantReference",
    "Section",
    "SectionAreaType",
    "SectionList",
    "Table",
    "Violation",
    "ViolationCode",
    "ViolationConflict",
    "WaitlistEntriesListExpandItem",
    "WaitlistEntriesListStatus",
    "WaitlistEntriesRetrieveExpandItem",
    "WaitlistEntry",
    "WaitlistEntryJoinedVia",
    "WaitlistEntryList",
    "WaitlistEntryStatus",
)
