"""The providers' webhook endpoints: plain Django views outside /v1 (no API key, no CSRF token:
the provider's signature is the authentication)."""

import logging

from django.conf import settings
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from reservations.payments.webhooks import WebhookRefused, receive_stripe_event
from reservations.services.guarantee_money import act_on_provider_event

logger = logging.getLogger(__name__)


@csrf_exempt
@require_POST
def stripe_webhook(request):
    """POST /payments/stripe/webhook: 200 once the event is recorded (again on a redelivery),
    400 for a delivery that does not verify, 503 while no signing secret is configured."""
    if not settings.STRIPE_WEBHOOK_SECRET:
        logger.error("A Stripe webhook arrived, but STRIPE_WEBHOOK_SECRET is not set.")
        return JsonResponse(
            {"error": {"code": "webhook_not_configured", "message": "No webhook signing secret is configured."}},
            status=503,
        )
    try:
        received = receive_stripe_event(request.body, request.headers.get("Stripe-Signature"))
    except WebhookRefused as refused:
        logger.warning("Stripe webhook refused: %s", refused.message)
        return JsonResponse({"error": {"code": refused.code, "message": refused.message}}, status=400)
    try:
        act_on_provider_event(received.event, received.outcome)
    except Exception:  # recorded, unprocessed (processed_at empty): a redelivery acts on it again
        logger.exception("Stripe event %s recorded but not acted on", received.event.event_id)
        return JsonResponse(
            {"error": {"code": "processing_failed", "message": "Recorded; not processed yet."}}, status=500
        )
    return JsonResponse({"received": True, "id": received.event.event_id, "duplicate": not received.created})
