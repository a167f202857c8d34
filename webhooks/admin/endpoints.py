"""Endpoints in the back office: create, edit, disable, enable, delete, rotate the secret, reveal it,
send a test event; the latest deliveries on each."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from apikeys.roles import MANAGE_WEBHOOKS
from apikeys.scoped_admin import ReadOnlyRecords, RestaurantScopedAdmin, RestaurantScopedTabularInline
from config.exceptions import DomainError
from config.versions import LATEST_VERSION, VERSIONS
from webhooks.models import Delivery, Endpoint
from webhooks.secrets import masked
from webhooks.selectors import current_secret
from webhooks.services.endpoints import (
    clean_events,
    clean_url,
    create_endpoint,
    delete_endpoint,
    disable_endpoint,
    enable_endpoint,
    rotate_secret,
    send_test_event,
    update_endpoint,
)
from webhooks.types import ALL, EVENT_TYPES

EVENT_CHOICES = [(ALL, "* (every event type, today's and future ones)")] + [(t, t) for t in EVENT_TYPES]


class EndpointForm(forms.ModelForm):
    url = forms.CharField(max_length=2000, label="URL", help_text="https (http only for a loopback receiver).")
    events = forms.MultipleChoiceField(
        choices=EVENT_CHOICES,
        initial=[ALL],
        widget=forms.CheckboxSelectMultiple,
        help_text="The event types sent to this endpoint.",
    )
    api_version = forms.ChoiceField(
        choices=[(v, v) for v in VERSIONS],
        initial=LATEST_VERSION,
        label="API version",
        help_text="Payloads are rendered in this version; fixed once created.",
    )

    class Meta:
        model = Endpoint
        fields = ["restaurant", "url", "events", "api_version", "description"]

    def clean_url(self):
        try:
            return clean_url(self.cleaned_data["url"])
        except DomainError as error:
            raise forms.ValidationError(error.message) from error

    def clean_events(self):
        try:
            return clean_events(self.cleaned_data["events"])
        except DomainError as error:
            raise forms.ValidationError(error.message) from error


class DeliveryInline(ReadOnlyRecords, RestaurantScopedTabularInline):
    """The endpoint's latest deliveries, links to each."""

    model = Delivery
    required_role = MANAGE_WEBHOOKS
    extra = 0
    max_num = 0
    can_delete = False
    fields = ("delivery_link", "event_type", "status", "attempts", "last_status_code", "next_attempt_at")
    readonly_fields = fields
    ordering = ("-id",)
    verbose_name_plural = "latest deliveries (all under Deliveries)"

    def get_queryset(self, request):
        queryset = super().get_queryset(request).select_related("event")
        ids = list(queryset.order_by("-id").values_list("id", flat=True)[:20])
        return queryset.filter(id__in=ids)

    @admin.display(description="delivery")
    def delivery_link(self, obj):
        return format_html(
            '<a href="{}">{}</a>', reverse("admin:webhooks_delivery_change", args=[obj.pk]), obj.public_id
        )

    @admin.display(description="event")
    def event_type(self, obj):
        return f"{obj.event.type} {obj.event.public_id}"


@admin.register(Endpoint)
class EndpointAdmin(RestaurantScopedAdmin):
    required_role = MANAGE_WEBHOOKS
    form = EndpointForm
    list_display = ("url", "public_id", "events_display", "api_version", "state", "failing_since", "created_at")
    list_filter = ("enabled",)
    search_fields = ("url", "public_id", "description")
    ordering = ("-created_at",)
    actions = ["disable_selected", "enable_selected"]
    inlines = [DeliveryInline]
    change_form_template = "admin/webhooks/endpoint/change_form.html"
    readonly_on_change = (
        "public_id",
        "api_version",
        "state",
        "secret_display",
        "previous_secret_expires_at",
        "failing_since",
        "created_at",
    )

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["restaurant", "url", "events", "api_version", "description"]
        return ["public_id", "url", "events", "description", *self.readonly_on_change[1:]]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return list(self.readonly_on_change)

    def get_inlines(self, request, obj):
        return [DeliveryInline] if obj is not None else []

    @admin.display(description="Events")
    def events_display(self, obj):
        return ", ".join(obj.events)

    @admin.display(description="State")
    def state(self, obj):
        if obj.enabled:
            return "enabled"
        return f"disabled ({obj.disabled_reason})" if obj.disabled_reason else "disabled"

    @admin.display(description="Signing secret")
    def secret_display(self, obj):
        return masked(obj.secret_last4)

    # --- writes through the services --------------------------------------------------------

    def add_view(self, request, form_url="", extra_context=None):
        if not self.has_add_permission(request):
            raise PermissionDenied
        return super().add_view(request, form_url, extra_context)

    def save_model(self, request, obj, form, change):
        self.check_can_manage(request, obj)
        data = form.cleaned_data
        if change:
            update_endpoint(endpoint=obj, url=data["url"], events=data["events"], description=data["description"])
            return
        created = create_endpoint(
            restaurant=data["restaurant"],
            url=data["url"],
            events=data["events"],
            api_version=data["api_version"],
            description=data["description"],
        )
        obj.pk = created.endpoint.pk
        obj.public_id = created.endpoint.public_id
        request._webhook_secret = created.secret

    def response_add(self, request, obj, post_url_continue=None):
        return self._secret_page(request, obj, getattr(request, "_webhook_secret", None), created=True)

    def delete_model(self, request, obj):
        self.check_can_manage(request, obj)
        delete_endpoint(endpoint=obj)

    def delete_queryset(self, request, queryset):
        for endpoint in queryset:
            self.delete_model(request, endpoint)

    def get_deleted_objects(self, objs, request):
        # An endpoint's deliveries and attempts go with it: no separate right is needed for them.
        deleted, counts, _perms_needed, protected = super().get_deleted_objects(objs, request)
        return deleted, counts, set(), protected

    @admin.action(description="Disable selected endpoints")
    def disable_selected(self, request, queryset):
        for endpoint in queryset:
            self.check_can_manage(request, endpoint)
            disable_endpoint(endpoint=endpoint)
        self.message_user(request, f"{queryset.count()} endpoint(s) disabled.")

    @admin.action(description="Enable selected endpoints")
    def enable_selected(self, request, queryset):
        for endpoint in queryset:
            self.check_can_manage(request, endpoint)
            enable_endpoint(endpoint=endpoint)
        self.message_user(request, f"{queryset.count()} endpoint(s) enabled.")

    # --- buttons --------------------------------------------------------------------------------

    def get_urls(self):
        info = self.opts.app_label, self.opts.model_name
        extra = [
            path(
                f"<path:object_id>/{name}/",
                self.admin_site.admin_view(require_POST(getattr(self, f"{name}_view"))),
                name=f"%s_%s_{name}" % info,
            )
            for name in ("disable", "enable", "rotate", "reveal", "test")
        ]
        return extra + super().get_urls()

    def _managed(self, request, object_id) -> Endpoint:
        endpoint = self.get_object(request, unquote(object_id))
        if endpoint is None or not self.can_manage_restaurant(request, endpoint.restaurant_id):
            raise Http404("No such webhook endpoint.")
        return endpoint

    def _back(self, endpoint):
        return HttpResponseRedirect(reverse("admin:webhooks_endpoint_change", args=[endpoint.pk]))

    def disable_view(self, request, object_id):
        endpoint = disable_endpoint(endpoint=self._managed(request, object_id))
        self.message_user(request, "Endpoint disabled: no event is sent to it until it is enabled again.")
        return self._back(endpoint)

    def enable_view(self, request, object_id):
        endpoint = enable_endpoint(endpoint=self._managed(request, object_id))
        self.message_user(request, "Endpoint enabled: events from now on are sent to it.")
        return self._back(endpoint)

    def rotate_view(self, request, object_id):
        rotated = rotate_secret(endpoint=self._managed(request, object_id))
        return self._secret_page(request, rotated.endpoint, rotated.secret, rotated=True)

    def reveal_view(self, request, object_id):
        endpoint = self._managed(request, object_id)
        return self._secret_page(request, endpoint, current_secret(endpoint))

    def test_view(self, request, object_id):
        endpoint = self._managed(request, object_id)
        attempt = send_test_event(endpoint=endpoint)
        level = messages.SUCCESS if attempt.succeeded else messages.ERROR
        outcome = f"HTTP {attempt.status_code}" if attempt.status_code else attempt.error
        self.message_user(request, f"Test event sent: {outcome} in {attempt.duration_ms} ms.", level)
        return self._back(endpoint)

    def _secret_page(self, request, endpoint, secret, *, created=False, rotated=False):
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "endpoint": endpoint,
            "secret": secret,
            "created": created,
            "rotated": rotated,
            "title": "Signing secret",
        }
        response = TemplateResponse(request, "admin/webhooks/endpoint/secret.html", context)
        response["Cache-Control"] = "no-store"
        return response

    def change_view(self, request, object_id, form_url="", extra_context=None):
        endpoint = self.get_object(request, unquote(object_id))
        extra = dict(extra_context or {})
        if endpoint is not None and self.can_manage_restaurant(request, endpoint.restaurant_id):
            extra["endpoint_buttons"] = [
                (name, label, reverse(f"admin:webhooks_endpoint_{name}", args=[endpoint.pk]))
                for name, label in (
                    ("test", "Send a test event"),
                    ("reveal", "Reveal the signing secret"),
                    ("rotate", "Rotate the secret"),
                    ("disable", "Disable") if endpoint.enabled else ("enable", "Enable"),
                )
            ]
        return super().change_view(request, object_id, form_url, extra)
