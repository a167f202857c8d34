"""Factories of the holds app."""

import datetime as dt

import factory
from django.utils import timezone

from holds.models import Hold, HoldKind, HoldStatus
from tests.factories.reservations import SeatingFactory, TableAllocationFactory


class HoldFactory(SeatingFactory):
    """A live basket hold written with the ORM, its deadline ten minutes from now.

    `tables=[t1, t2]` links the tables and, while the hold is live, writes their
    TableAllocation rows as the hold service does: one half-open range [starts_at, ends_at)
    per table, carrying the deadline when it is a basket hold (a commitment's rows are
    swept instead). `allocations=False` links the tables without writing any row.
    """

    class Meta:
        model = Hold

    kind = HoldKind.BASKET
    status = HoldStatus.HELD
    expires_at = factory.LazyFunction(lambda: timezone.now() + dt.timedelta(minutes=10))

    @factory.post_generation
    def allocations(self, create, extracted, **kwargs):
        if not create or extracted is False or self.status != HoldStatus.HELD:
            return
        deadline = self.expires_at if self.kind == HoldKind.BASKET else None
        for table in self.tables.all():
            TableAllocationFactory(restaurant=self.restaurant, table=table, hold=self, expires_at=deadline)
