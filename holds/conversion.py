"""A hold converting into a booking: a create (reservations.services.create) that names `hold_id`
takes the hold's slot and tables instead of asking the engine. Handed over to reservations at start-up
(holds.apps; reservations.services.handovers), under the create's lock and in its transaction."""

import datetime as dt

from config.exceptions import InvalidInput, not_found
from config.formats import zone
from holds.models import Hold, HoldStatus
from holds.selectors import effective_status
from holds.services import announce
from reservations.exceptions import HoldAlreadyConverted, HoldEnded, OverrideScopeRequired
from reservations.services.booking_step import BookingStep
from reservations.services.create import CreateParams, Slot
from webhooks.types import HOLD_CONVERTED


class Conversion:
    def claim(self, step: BookingStep, params: CreateParams) -> tuple[Hold, Slot]:
        """The live hold `params.hold_id`, locked, and the slot it fixed."""
        restaurant = step.restaurant
        hold = Hold.objects.select_for_update().filter(restaurant=restaurant, public_id=params.hold_id).first()
        if hold is None:
            raise not_found("hold_id", params.hold_id)
        status = effective_status(hold, step.now)
        if status == HoldStatus.CONVERTED:
            raise HoldAlreadyConverted(hold.reservation.public_id, param="hold_id")
        if status != HoldStatus.HELD:
            raise HoldEnded(status)
        if hold.excluded_from_shift_limits and not params.can_override:
            raise OverrideScopeRequired("hold_id")
        _check_matches_hold(hold, params, restaurant)
        shift = step.policy.shift(hold.shift_id)
        guarantee = None if hold.guarantee_waived or shift is None else shift.guarantee_for(hold.party_size)
        slot = Slot(
            shift_id=hold.shift_id,
            service_date=hold.service_date,
            party_size=hold.party_size,
            starts_at=hold.starts_at,
            ends_at=hold.ends_at,
            occupied_until=None,
            table_ids=tuple(hold.tables.values_list("id", flat=True)),
            requires_approval=shift.needs_approval(hold.party_size) if shift else False,
            guarantee=guarantee,
            excluded=hold.excluded_from_shift_limits,
            group_id=hold.section_group_id,
            waived=list(hold.overrides_accepted),
        )
        return hold, slot

    def converted(self, hold: Hold, reservation, now: dt.datetime) -> None:
        """The booking is saved with the hold's tables: the hold ends as converted (`hold.converted`)."""
        hold.status, hold.reservation = HoldStatus.CONVERTED, reservation
        hold.save(update_fields=["status", "reservation", "updated_at"])
        announce(hold, HOLD_CONVERTED, now)


def _check_matches_hold(hold: Hold, params: CreateParams, restaurant) -> None:
    """Slot fields sent beside `hold_id` must be the hold's own (the hold fixed them)."""
    local = hold.starts_at.astimezone(zone(restaurant.timezone))
    sent = {
        "service_date": (params.service_date, hold.service_date),
        "start_time": (params.start_time, dt.time(local.hour, local.minute)),
        "party_size": (params.party_size, hold.party_size),
    }
    for name, (value, held) in sent.items():
        if value is not None and value != held:
            raise InvalidInput(f"`{name}` differs from the hold's; leave it out or send the hold's value.", param=name)
    for name in ("section_id", "entire_section_id", "excluded_from_shift_limits"):
        if getattr(params, name) not in (None, False):
            raise InvalidInput(f"`{name}` was fixed by the hold; leave it out.", param=name)


CONVERSION = Conversion()
