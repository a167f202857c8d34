"""Back office of webhooks: endpoints (create, edit, disable, enable, delete, rotate the secret,
reveal it, send a test event: endpoints.py) and deliveries with every attempt (re-send by hand:
deliveries.py).

Owners and co-owners only (capability MANAGE_WEBHOOKS); hosts and managers see none of it.
Every button calls the same service as `manage.py webhooks`.
"""

from webhooks.admin import deliveries, endpoints  # noqa: F401  (each module registers its admins)
