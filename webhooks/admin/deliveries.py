"""Deliveries in the back office, with every attempt; re-sent by hand."""

import json

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.http import Http404, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.views.decorators.http import require_POST

from apikeys.roles import MANAGE_WEBHOOKS
from apikeys.scoped_admin import ReadOnlyRecords, RestaurantScopedAdmin, RestaurantScopedTabularInline
from config.exceptions import DomainError
from webhooks.models import Delivery, DeliveryAttempt
from webhooks.services.endpoints import resend_delivery


class AttemptInline(ReadOnlyRecords, RestaurantScopedTabularInline):
    model = DeliveryAttempt
    required_role = MANAGE_WEBHOOKS
    extra = 0
    max_num = 0
    can_delete = False
    fields = ("at", "succeeded", "status_code", "duration_ms", "response_body", "error", "manual")
    readonly_fields = fields
    verbose_name_plural = "attempts (newest first)"


class DeliveryStatusFilter(admin.SimpleListFilter):
    title = "status"
    parameter_name = "status"

    def lookups(self, request, model_admin):
        return [("pending", "Pending"), ("succeeded", "Succeeded"), ("failed", "Failed")]

    def queryset(self, request, queryset):
        return queryset.filter(status=self.value()) if self.value() else queryset


@admin.register(Delivery)
class DeliveryAdmin(ReadOnlyRecords, RestaurantScopedAdmin):
    required_role = MANAGE_WEBHOOKS
    list_display = (
        "public_id",
        "event_type",
        "event_id",
        "endpoint_url",
        "status",
        "attempts",
        "last_status_code",
        "last_attempt_at",
        "next_attempt_at",
    )
    list_filter = (DeliveryStatusFilter,)
    search_fields = ("public_id", "event__public_id", "event__type", "event__subject", "endpoint__url")
    list_select_related = ("event", "endpoint")
    ordering = ("-id",)
    actions = ["resend_selected"]
    inlines = [AttemptInline]
    change_form_template = "admin/webhooks/delivery/change_form.html"
    fields = (
        "public_id",
        "endpoint_url",
        "event_type",
        "event_id",
        "status",
        "attempts",
        "last_status_code",
        "last_attempt_at",
        "next_attempt_at",
        "succeeded_at",
        "manual",
        "payload",
    )
    readonly_fields = fields

    @admin.display(description="Event type")
    def event_type(self, obj):
        return obj.event.type

    @admin.display(description="Event")
    def event_id(self, obj):
        return obj.event.public_id

    @admin.display(description="Endpoint")
    def endpoint_url(self, obj):
        return obj.endpoint.url

    @admin.display(description="Payload (data)")
    def payload(self, obj):
        return format_html("<pre style='white-space:pre-wrap'>{}</pre>", json.dumps(obj.event.data, indent=2))

    @admin.action(description="Re-send selected deliveries now")
    def resend_selected(self, request, queryset):
        results = []
        for delivery in queryset.select_related("event", "endpoint"):
            self.check_can_manage(request, delivery)
            try:
                attempt = resend_delivery(delivery=delivery)
            except DomainError as error:
                results.append((delivery.public_id, error.message))
                continue
            results.append((delivery.public_id, attempt.status_code or attempt.error))
        self.message_user(
            request,
            format_html("Re-sent: {}", format_html_join(", ", "{} ({})", results)),
        )

    def get_urls(self):
        info = self.opts.app_label, self.opts.model_name
        extra = [
            path(
                "<path:object_id>/resend/",
                self.admin_site.admin_view(require_POST(self.resend_view)),
                name="%s_%s_resend" % info,
            )
        ]
        return extra + super().get_urls()

    def resend_view(self, request, object_id):
        delivery = self.get_object(request, unquote(object_id))
        if delivery is None or not self.can_manage_restaurant(request, delivery.restaurant_id):
            raise Http404("No such delivery.")
        try:
            attempt = resend_delivery(delivery=delivery)
        except DomainError as error:
            self.message_user(request, error.message, messages.ERROR)
        else:
            outcome = f"HTTP {attempt.status_code}" if attempt.status_code else attempt.error
            level = messages.SUCCESS if attempt.succeeded else messages.ERROR
            self.message_user(request, f"Re-sent: {outcome} in {attempt.duration_ms} ms.", level)
        return HttpResponseRedirect(reverse("admin:webhooks_delivery_change", args=[delivery.pk]))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        delivery = self.get_object(request, unquote(object_id))
        extra = dict(extra_context or {})
        if delivery is not None and self.can_manage_restaurant(request, delivery.restaurant_id):
            extra["resend_url"] = reverse("admin:webhooks_delivery_resend", args=[delivery.pk])
        return super().change_view(request, object_id, form_url, extra)
