"""manage.py webhooks ...: a restaurant's webhook endpoints and deliveries, by the same services
as the back office (JSON on stdout; a refusal exits 1 with its message).

    manage.py webhooks list RESTAURANT
    manage.py webhooks create RESTAURANT URL [--events T ...] [--api-version V] [--description D]
    manage.py webhooks disable|enable|delete|rotate-secret|reveal-secret|test ENDPOINT
    manage.py webhooks deliveries ENDPOINT [--status pending|succeeded|failed] [--limit N]
    manage.py webhooks attempts DELIVERY
    manage.py webhooks resend DELIVERY
    manage.py webhooks sweep          (what the periodic task does, now)
"""

from config.commands import SupportCommand
from config.exceptions import NotFound
from config.tenancy import restaurant_of
from webhooks.models import Delivery, DeliveryStatus, Endpoint
from webhooks.secrets import masked
from webhooks.selectors import current_secret
from webhooks.services import delivery as delivery_service
from webhooks.services import disabling, messages
from webhooks.services.endpoints import (
    create_endpoint,
    delete_endpoint,
    disable_endpoint,
    enable_endpoint,
    resend_delivery,
    rotate_secret,
    send_test_event,
)


def endpoint_of(ref: str) -> Endpoint:
    endpoint = Endpoint.objects.filter(public_id=ref).first()
    if endpoint is None:
        raise NotFound(f"No webhook endpoint {ref}.")
    return endpoint


def delivery_of(ref: str) -> Delivery:
    delivery = Delivery.objects.filter(public_id=ref).select_related("event", "endpoint").first()
    if delivery is None:
        raise NotFound(f"No delivery {ref}.")
    return delivery


def endpoint_json(endpoint: Endpoint, secret: str | None = None) -> dict:
    data = {
        "id": endpoint.public_id,
        "url": endpoint.url,
        "events": endpoint.events,
        "api_version": endpoint.api_version,
        "enabled": endpoint.enabled,
        "disabled_reason": endpoint.disabled_reason or None,
        "secret": secret or masked(endpoint.secret_last4),
        "previous_secret_expires_at": endpoint.previous_secret_expires_at,
        "failing_since": endpoint.failing_since,
        "created_at": endpoint.created_at,
    }
    return data


def delivery_json(delivery: Delivery) -> dict:
    return {
        "id": delivery.public_id,
        "event": delivery.event.public_id,
        "type": delivery.event.type,
        "endpoint": delivery.endpoint.public_id,
        "status": delivery.status,
        "attempts": delivery.attempts,
        "last_status_code": delivery.last_status_code,
        "last_attempt_at": delivery.last_attempt_at,
        "next_attempt_at": delivery.next_attempt_at,
    }


def attempt_json(attempt) -> dict:
    return {
        "at": attempt.at,
        "succeeded": attempt.succeeded,
        "status_code": attempt.status_code,
        "duration_ms": attempt.duration_ms,
        "response_body": attempt.response_body,
        "error": attempt.error or None,
        "manual": attempt.manual,
    }


class Command(SupportCommand):
    help = "A restaurant's webhook endpoints and their deliveries."

    def add_subcommands(self, subparsers):
        listing = subparsers.add_parser("list", help="the restaurant's endpoints")
        listing.add_argument("restaurant", help="rst_ id or slug")
        create = subparsers.add_parser("create", help="a new endpoint; prints its signing secret")
        create.add_argument("restaurant")
        create.add_argument("url")
        create.add_argument("--events", nargs="+", default=["*"])
        create.add_argument("--api-version", dest="api_version")
        create.add_argument("--description", default="")
        for name, text in (
            ("disable", "stop sending to an endpoint"),
            ("enable", "send to it again"),
            ("delete", "delete it with its deliveries"),
            ("rotate-secret", "a new secret; the old one signs beside it for 24 hours"),
            ("reveal-secret", "the current signing secret"),
            ("test", "send a test event now"),
        ):
            sub = subparsers.add_parser(name, help=text)
            sub.add_argument("endpoint", help="we_ id")
        deliveries = subparsers.add_parser("deliveries", help="an endpoint's deliveries, newest first")
        deliveries.add_argument("endpoint")
        deliveries.add_argument("--status", choices=DeliveryStatus.values)
        deliveries.add_argument("--limit", type=int, default=50)
        attempts = subparsers.add_parser("attempts", help="every attempt of a delivery")
        attempts.add_argument("delivery", help="whd_ id")
        resend = subparsers.add_parser("resend", help="send a delivery again now")
        resend.add_argument("delivery")
        subparsers.add_parser("sweep", help="dispatch, deliver what is due, send due messages, disable")

    def do_list(self, *, restaurant, **options):
        endpoints = Endpoint.objects.filter(restaurant=restaurant_of(restaurant)).order_by("created_at", "id")
        return [endpoint_json(e) for e in endpoints]

    def do_create(self, *, restaurant, url, events, api_version, description, **options):
        created = create_endpoint(
            restaurant=restaurant_of(restaurant),
            url=url,
            events=events,
            api_version=api_version,
            description=description,
        )
        return endpoint_json(created.endpoint, created.secret)

    def do_disable(self, *, endpoint, **options):
        return endpoint_json(disable_endpoint(endpoint=endpoint_of(endpoint)))

    def do_enable(self, *, endpoint, **options):
        return endpoint_json(enable_endpoint(endpoint=endpoint_of(endpoint)))

    def do_delete(self, *, endpoint, **options):
        return {"deleted": delete_endpoint(endpoint=endpoint_of(endpoint))}

    def do_rotate_secret(self, *, endpoint, **options):
        rotated = rotate_secret(endpoint=endpoint_of(endpoint))
        return endpoint_json(rotated.endpoint, rotated.secret)

    def do_reveal_secret(self, *, endpoint, **options):
        found = endpoint_of(endpoint)
        return endpoint_json(found, current_secret(found))

    def do_test(self, *, endpoint, **options):
        return attempt_json(send_test_event(endpoint=endpoint_of(endpoint)))

    def do_deliveries(self, *, endpoint, status, limit, **options):
        rows = Delivery.objects.filter(endpoint=endpoint_of(endpoint)).select_related("event", "endpoint")
        if status:
            rows = rows.filter(status=status)
        return [delivery_json(d) for d in rows.order_by("-id")[: max(1, min(limit, 1000))]]

    def do_attempts(self, *, delivery, **options):
        found = delivery_of(delivery)
        return {**delivery_json(found), "attempts": [attempt_json(a) for a in found.attempt_rows.all()]}

    def do_resend(self, *, delivery, **options):
        return attempt_json(resend_delivery(delivery=delivery_of(delivery)))

    def do_sweep(self, **options):
        delivery_service.dispatch()
        delivered = sum(
            delivery_service.deliver_endpoint(pk)
            for pk in Endpoint.objects.filter(enabled=True).values_list("pk", flat=True)
        )
        return {
            "delivered": delivered,
            "messages_sent": messages.send_due(),
            "disabled": disabling.disable_failing_endpoints(),
        }
