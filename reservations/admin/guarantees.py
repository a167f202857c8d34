"""Back office of card guarantees: the saved cards, their charges and refunds, and the guests' feedback.

Hosts (and every role above) charge a no-show or a late cancellation up to the guarantee, refund
fully or partially, and release a guarantee after the visit, on each guarantee's "Money" page or
with the list's actions. Each button calls one service of `reservations.services.guarantee_money`
(the same as `manage.py guarantee ...` and, once wired, the day sheet). Amounts are whole minor
units of the restaurant's currency.
"""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from apikeys.roles import HOST
from apikeys.scoped_admin import ReadOnlyRecords, RestaurantScopedAdmin
from config.exceptions import DomainError
from reservations.models import CardGuarantee, Feedback, GuaranteeCharge
from reservations.services.guarantee_money import charge_guarantee, refund_guarantee, release_guarantee
from reservations.templatetags.guest_format import format_money

OPERATIONS = (("charge", "Charge"), ("refund", "Refund"), ("release", "Release (no charge)"))


class MoneyForm(forms.Form):
    operation = forms.ChoiceField(choices=OPERATIONS, widget=forms.RadioSelect)
    amount = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=99_999_999,
        help_text="Whole minor units (2500 is 25.00); empty: all that is left (the guarantee, or the charge).",
    )


def run_operation(card: CardGuarantee, operation: str, amount: int | None, staff: str):
    booking = card.reservation
    if operation == "charge":
        row = charge_guarantee(reservation=booking, amount=amount, staff=staff)
        return f"Charge {row.status}: {format_money(row.amount, row.currency)}" + (
            f" ({row.reason})" if row.reason else ""
        )
    if operation == "refund":
        row = refund_guarantee(reservation=booking, amount=amount, staff=staff)
        return f"Refunded: {format_money(row.refunded, row.currency)} of {format_money(row.amount, row.currency)}"
    release_guarantee(reservation=booking, staff=staff)
    return "Guarantee released."


class GuaranteeChargeInline(ReadOnlyRecords, admin.TabularInline):
    model = GuaranteeCharge
    extra = 0
    can_delete = False
    fields = ("created_at", "charge_id", "status", "amount", "refunded", "currency", "reason", "staff")
    readonly_fields = fields


@admin.register(CardGuarantee)
class CardGuaranteeAdmin(RestaurantScopedAdmin):
    required_role = HOST
    list_display = ("booking", "guest", "starts", "booking_status", "guarantee", "card", "charged_display")
    list_select_related = ("reservation__guest", "restaurant")
    search_fields = ("reservation__public_id", "reservation__guest__last_name", "reservation__guest__email")
    readonly_fields = (
        "reservation",
        "provider",
        "intent_id",
        "customer_id",
        "payment_method_id",
        "brand",
        "last4",
        "amount",
        "currency",
        "charged",
        "refunded",
        "saved_at",
        "released_at",
        "reminded_at",
        "money_link",
    )
    exclude = ("client_secret", "restaurant", "attempts", "last_decline", "awaiting_action")
    inlines = [GuaranteeChargeInline]
    actions = ["charge_all", "release"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="booking", ordering="reservation__starts_at")
    def booking(self, obj):
        return obj.reservation.public_id

    @admin.display(description="guest")
    def guest(self, obj):
        return str(obj.reservation.guest)

    @admin.display(description="date", ordering="reservation__starts_at")
    def starts(self, obj):
        return obj.reservation.starts_at

    @admin.display(description="booking status")
    def booking_status(self, obj):
        return obj.reservation.status

    @admin.display(description="guarantee")
    def guarantee(self, obj):
        booking = obj.reservation
        return f"{booking.guarantee_status} · {format_money(booking.guarantee_amount, booking.guarantee_currency)}"

    @admin.display(description="card")
    def card(self, obj):
        return f"{obj.brand} ···· {obj.last4}" if obj.last4 else "not saved"

    @admin.display(description="charged / refunded")
    def charged_display(self, obj):
        return f"{format_money(obj.charged, obj.currency)} / {format_money(obj.refunded, obj.currency)}"

    @admin.display(description="money")
    def money_link(self, obj):
        url = reverse("admin:reservations_cardguarantee_money", args=[obj.pk])
        return format_html('<a class="button" href="{}">Charge, refund or release</a>', url)

    def get_urls(self):
        extra = [
            path(
                "<path:object_id>/money/",
                self.admin_site.admin_view(self.money_view),
                name="reservations_cardguarantee_money",
            )
        ]
        return extra + super().get_urls()

    def money_view(self, request, object_id):
        card = self.get_object(request, object_id)
        if card is None:
            raise PermissionDenied
        if not self.has_change_permission(request, card):
            raise PermissionDenied
        form = MoneyForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                text = run_operation(
                    card, form.cleaned_data["operation"], form.cleaned_data["amount"], request.user.get_username()
                )
            except DomainError as refusal:
                form.add_error(None, f"{refusal.message} ({refusal.code})")
            else:
                self.message_user(request, text, messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:reservations_cardguarantee_change", args=[card.pk]))
        booking = card.reservation
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Money of {booking.public_id}",
            "card": card,
            "booking": booking,
            "form": form,
            "guarantee": format_money(booking.guarantee_amount, booking.guarantee_currency),
            "charged": format_money(card.charged, card.currency),
            "refunded": format_money(card.refunded, card.currency),
        }
        return TemplateResponse(request, "admin/reservations/cardguarantee/money.html", context)

    def _each(self, request, queryset, operation: str):
        for card in queryset.select_related("reservation"):
            self.check_can_manage(request, card)
            try:
                text = run_operation(card, operation, None, request.user.get_username())
            except DomainError as refusal:
                self.message_user(request, f"{card.reservation.public_id}: {refusal.message}", messages.ERROR)
            else:
                self.message_user(request, f"{card.reservation.public_id}: {text}", messages.SUCCESS)

    @admin.action(description="Charge what is left of the guarantee (no-shows, late cancellations)")
    def charge_all(self, request, queryset):
        self._each(request, queryset, "charge")

    @admin.action(description="Release the guarantee (no charge)")
    def release(self, request, queryset):
        self._each(request, queryset, "release")


@admin.register(Feedback)
class FeedbackAdmin(ReadOnlyRecords, RestaurantScopedAdmin):
    required_role = HOST
    list_display = ("public_id", "booking", "rating", "comment", "created_at")
    readonly_fields = ("public_id", "reservation", "rating", "comment", "created_at")
    exclude = ("restaurant",)

    @admin.display(description="booking")
    def booking(self, obj):
        return obj.reservation.public_id
