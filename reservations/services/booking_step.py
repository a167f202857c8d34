"""The booking step: how every write that puts a party on tables decides and occupies.

Hold create, reservation create and modify (and, later, staff approval and waitlist
promotion) all go through it, inside the caller's transaction:

1. take the restaurant's advisory lock, so writes of one restaurant never interleave;
2. free the tables of basket holds past their deadline;
3. re-read occupancy and re-run the engine (`decide`), raising the refusal;
4. write the owner's row (the caller), then link and allocate its tables (`occupy`);
5. mark the restaurant's availability as changed (`finish`).

The first three go to PostgreSQL in one round trip, with what else the caller wants read under
the lock (a create's guest profile).

The allocation rows' exclusion constraint is the last guard: even an engine bug
cannot seat two parties on one table.
"""

import datetime as dt

from config.exceptions import not_found
from config.locking import restaurant_lock
from config.postgresql.round_trip import Part, run
from reservations.engine import BookingRequest, Decision, evaluate
from reservations.engine.evaluate import relevant_since
from reservations.engine.staff import StaffDecision, StaffRequest, evaluate_staff
from reservations.exceptions import BookingRulesViolated
from reservations.selectors.engine_policy import cached_policy, policy_for, section_group_id, versions_read
from reservations.selectors.occupancy import load_occupancy, occupancy_part
from reservations.selectors.reservations import known_tables
from reservations.services import allocations
from reservations.services.availability_version import availability_bump, bump_availability_version


class BookingStep:
    """One write's pass through the step; create it inside `transaction.atomic()`."""

    def __init__(
        self,
        restaurant,
        now: dt.datetime,
        date: dt.date | None = None,
        start_time: dt.time | None = None,
        then: Part | None = None,
        exclude: tuple[str, int] | None = None,
    ):
        """`date` and `start_time`: the request the step will decide, when the caller knows it: the
        occupancy that can change its answer (the intervals that end after `relevant_since`) is then
        read in the lock's round trip (when this process holds the restaurant's policy and it is
        still current; else `decide` reads the date's as usual), as if `exclude` (a booking moving,
        "reservation" and its primary key) did not exist. `then`: a part
        (config.postgresql.round_trip) the caller wants run under the lock in the same round trip,
        last; its value is `then_value`."""
        self.restaurant = restaurant
        self.then_value = None
        self.now = now
        self._bumped = False  # the availability version moved in this step
        self._prefetched: tuple[tuple, object] | None = None
        # One round trip, in this order: the lock; the version counters, read under it (the policy
        # cache's key); the lapsed basket holds' tables freed; then, when asked, the date's
        # occupancy (each statement its own snapshot: it sees every write committed before the lock).
        cached = cached_policy(restaurant.pk) if date is not None and start_time is not None else None
        occupancy = None
        if cached is not None:
            since = relevant_since(cached[1], date, start_time)
            occupancy = occupancy_part(restaurant.pk, cached[1], date, date, now, exclude, since=since)
        _, _, _, occupied, self.then_value = run(
            restaurant_lock(restaurant.pk),
            versions_read(restaurant),
            allocations.lapsed_dropped(restaurant.pk, now),
            occupancy,
            then,
        )
        if cached is not None and cached[0] == restaurant.policy_version:  # read with the current policy
            self._prefetched = ((date, start_time, exclude), occupied)
        self.policy = policy_for(restaurant)

    def group(self, public_id: str | None, param: str) -> int | None:
        """The section group a section id resolves to (any member names the whole group)."""
        if public_id is None:
            return None
        group = section_group_id(self.policy, public_id)
        if group is None:
            raise not_found(param, public_id)
        return group

    def decide(self, request: BookingRequest, exclude: tuple[str, int] | None = None) -> Decision:
        """The engine's answer against fresh occupancy (as if `exclude` did not exist); raise its refusal."""
        prefetched, self._prefetched = self._prefetched, None  # used once, by the first decision
        if prefetched is not None and prefetched[0] == (request.service_date, request.start_time, exclude):
            occupancy = prefetched[1]
        else:
            occupancy = load_occupancy(self.restaurant, request.service_date, request.service_date, self.now, exclude)
        decision = evaluate(self.policy, occupancy, request, self.now)
        if not decision.accepted:
            raise BookingRulesViolated.from_engine(decision.violations)
        return decision

    def decide_staff(self, request: StaffRequest, exclude: tuple[str, int] | None = None) -> StaffDecision:
        """The engine's staff answer (refusals and warnings, reservations.engine.staff) against fresh
        occupancy; the caller settles it (reservations.services.staff_terms.settle)."""
        self._prefetched = None
        occupancy = load_occupancy(self.restaurant, request.service_date, request.service_date, self.now, exclude)
        return evaluate_staff(self.policy, occupancy, request, self.now)

    def occupy(self, owner, decision: Decision, *, expires_at: dt.datetime | None = None, moving: bool = False):
        """Link `owner`'s tables and allocate them for the decided time; `moving` replaces what it held.
        A new `owner` (not saved yet) is inserted in the same round trip; the availability version
        moves in it too (`finish` then has nothing to do)."""
        kind = "hold" if owner._meta.model_name == "hold" else "reservation"
        if kind == "reservation":  # the answer's and the webhook's tables, without reading them back
            owner._known_tables = known_tables(self.restaurant, decision.table_ids)
        if not moving:
            allocations.link_and_allocate(
                owner,
                restaurant=self.restaurant,
                table_ids=decision.table_ids,
                start=decision.occupied_from,
                end=decision.occupied_until,
                expires_at=expires_at,
                then=None if self._bumped else availability_bump(self.restaurant.pk),
            )
            self._bumped = True
            return
        allocations.move(
            owner,
            restaurant=self.restaurant,
            table_ids=decision.table_ids,
            start=decision.occupied_from,
            end=decision.occupied_until,
            expires_at=expires_at,
            then=None if self._bumped else availability_bump(self.restaurant.pk),
        )
        self._bumped = True

    def finish(self) -> None:
        """Availability answers (ETags) of the restaurant are stale from this commit on."""
        if not self._bumped:
            bump_availability_version(self.restaurant.pk, policy_changed=False)
            self._bumped = True
