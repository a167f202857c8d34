"""The e-mail telling a restaurant's owners that an endpoint was disabled (an outbox message)."""

from django.conf import settings
from django.core.mail import send_mail

from apikeys.models import Membership
from apikeys.roles import OWNER_ROLES
from webhooks.models import Endpoint


def owner_addresses(restaurant_id: int) -> list[str]:
    rows = Membership.objects.filter(restaurant_id=restaurant_id, role__in=sorted(OWNER_ROLES)).values_list(
        "user__email", flat=True
    )
    return sorted({address for address in rows if address})


def send_endpoint_disabled(payload: dict) -> bool:
    endpoint = Endpoint.objects.select_related("restaurant").filter(pk=payload["endpoint_id"]).first()
    if endpoint is None:
        return False
    addresses = owner_addresses(endpoint.restaurant_id)
    if not addresses:
        return False
    restaurant = endpoint.restaurant
    body = (
        f"The webhook endpoint {endpoint.url} of {restaurant.name} has failed every delivery since "
        f"{payload.get('since', 'three days ago')} and has been disabled. No events are sent to it until "
        "it is enabled again in the back office (Webhooks > Webhook endpoints), where every attempt, "
        "its response code and the start of its response can be read.\n"
    )
    send_mail(f"Webhook endpoint disabled at {restaurant.name}", body, settings.DEFAULT_FROM_EMAIL, addresses)
    return True
