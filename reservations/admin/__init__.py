"""Back office of the booking policy: the restaurant, floor plans, sections, tables,
joined tables, shifts, closures, day notes, blocks and companies.

Managers (and owners, co-owners) edit; hosts look. Every write bumps the restaurant's
availability version (PolicyAdmin.after_write). Scoping rules:
apikeys/scoped_admin.py; what the policy pages share: policy.py.
"""

from reservations.admin import (  # noqa: F401  (each module registers its admins)
    bookings,  # bookings and holds, their actions
    floor,  # floor plans, sections, tables, joined tables
    guarantees,  # card guarantees and feedback
    restaurant,
    schedule,  # shifts, closures, day notes, blocks, companies
)
from reservations.admin.restaurant import RestaurantAdmin

__all__ = ["RestaurantAdmin"]
