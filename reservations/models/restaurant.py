from urllib.parse import quote_plus

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import F, Q

from config.constraints import one_of
from config.ids import new_restaurant_id
from config.languages import Language
from reservations.engine.staff_warnings import WARNING_LABELS
from reservations.models.validation import raise_errors, restaurant_errors


class PaymentProviderName(models.TextChoices):
    """Who takes a restaurant's card guarantees (reservations/payments)."""

    TEST = "test", "Built-in test provider (test cards only)"
    STRIPE = "stripe", "Stripe"


class GuestField(models.TextChoices):
    """Guest fields a restaurant can require of a create."""

    EMAIL = "email"
    PHONE = "phone"
    FIRST_NAME = "first_name"
    LAST_NAME = "last_name"


LANGUAGES = tuple(Language.values)
GUEST_FIELDS = tuple(GuestField.values)


class Restaurant(models.Model):
    """A restaurant: the tenant. Every other tenant-owned row points here."""

    public_id = models.CharField(max_length=40, unique=True, default=new_restaurant_id, editable=False)
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=100, unique=True)
    timezone = models.CharField(max_length=64)
    country = models.CharField(max_length=2)
    currency = models.CharField(max_length=3)
    primary_language = models.CharField(max_length=2, choices=Language.choices)
    guest_languages = ArrayField(models.CharField(max_length=2, choices=Language.choices), default=list)
    min_party_size = models.PositiveIntegerField(null=True, blank=True, default=1)
    max_party_size = models.PositiveIntegerField(null=True, blank=True, default=10)
    default_party_size = models.PositiveIntegerField(default=2)
    max_advance_days = models.PositiveIntegerField(null=True, blank=True, default=90)
    default_cutoff_minutes = models.IntegerField(
        null=True, blank=True, help_text="0: up to start; -1: during the service; empty: no rule"
    )
    show_seating_preference = models.BooleanField(default=False)
    require_guest_email = models.BooleanField(default=False)
    require_guest_phone = models.BooleanField(default=False)
    required_guest_fields = ArrayField(
        models.CharField(max_length=20, choices=GuestField.choices), default=list, blank=True
    )
    api_access = models.BooleanField(default=True, help_text="Off: every API key gets 403 plan_required")
    # Off: payments suspended (the contract's `payments_suspended`): no provider is handed out.
    payments_enabled = models.BooleanField(default=True)
    payment_provider = models.CharField(
        max_length=20, choices=PaymentProviderName.choices, default=PaymentProviderName.TEST
    )
    widget_enabled = models.BooleanField(default=True)
    # A guest may move their own booking (date, time, party) from its page, within the online rules.
    guest_changes_allowed = models.BooleanField(
        default=True, help_text="Guests may change the date, time and party of their booking from its page."
    )
    booking_page_url = models.URLField(null=True, blank=True)
    # What a guest reads on their booking's page and in its e-mails (the partner API's objects keep
    # the contract's fields): where the restaurant is and how to call it.
    address = models.TextField(
        blank=True, default="", help_text="As a guest writes it on an envelope, a line for each line."
    )
    phone = models.CharField(max_length=40, blank=True, default="", help_text="For guests, in international form.")
    map_url = models.URLField(
        blank=True,
        default="",
        help_text="A link to the restaurant on a map; empty: an OpenStreetMap search of the address.",
    )
    # The online rules staff meet as warnings (reservations/engine/staff_warnings.py): by default a
    # host confirms every one; those listed here need a manager (or an owner).
    manager_only_warnings = ArrayField(
        models.CharField(max_length=40, choices=[(code, label) for code, label in WARNING_LABELS.items()]),
        default=list,
        blank=True,
        help_text="Warnings a host may not confirm at the stand: a manager or an owner must.",
    )
    # Per-restaurant raises of the rate limits; empty means the contract's default.
    write_burst = models.PositiveIntegerField(null=True, blank=True)
    write_per_second = models.FloatField(null=True, blank=True)
    write_per_day = models.PositiveIntegerField(null=True, blank=True)
    read_burst = models.PositiveIntegerField(null=True, blank=True)
    read_per_second = models.FloatField(null=True, blank=True)
    # Bumped by every change that can alter availability (policy or bookings): part of the
    # availability ETags. policy_version moves only with the policy: it keys the engine's cache.
    availability_version = models.BigIntegerField(default=0, editable=False)
    policy_version = models.BigIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    @property
    def map_link(self) -> str:
        """The map link guests follow: the restaurant's own, else an OpenStreetMap search of its address."""
        if self.map_url:
            return self.map_url
        if not self.address.strip():
            return ""
        return "https://www.openstreetmap.org/search?query=" + quote_plus(" ".join(self.address.split()))

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                name="restaurant_party_range",
                condition=Q(min_party_size__isnull=True)
                | Q(max_party_size__isnull=True)
                | Q(min_party_size__lte=F("max_party_size")),
            ),
            models.CheckConstraint(name="restaurant_min_party_positive", condition=~Q(min_party_size=0)),
            models.CheckConstraint(name="restaurant_default_party_positive", condition=Q(default_party_size__gte=1)),
            models.CheckConstraint(
                name="restaurant_cutoff_range",
                condition=Q(default_cutoff_minutes__isnull=True) | Q(default_cutoff_minutes__gte=-1),
            ),
            models.CheckConstraint(name="restaurant_country_upper", condition=Q(country__regex=r"^[A-Z]{2}$")),
            models.CheckConstraint(name="restaurant_currency_upper", condition=Q(currency__regex=r"^[A-Z]{3}$")),
            one_of("primary_language", Language.values, "restaurant_language_valid"),
            one_of("payment_provider", PaymentProviderName.values, "restaurant_payment_provider_valid"),
            models.CheckConstraint(
                name="restaurant_guest_languages_valid", condition=Q(guest_languages__contained_by=Language.values)
            ),
            models.CheckConstraint(
                name="restaurant_guest_fields_valid", condition=Q(required_guest_fields__contained_by=GuestField.values)
            ),
        ]

    def clean(self):
        super().clean()
        raise_errors(restaurant_errors(self))

    def __str__(self) -> str:
        return self.name

    # The two versions move only through F() updates (services.policy); a save of a
    # restaurant loaded earlier must not write back stale values over a newer bump.
    VERSION_FIELDS = frozenset({"availability_version", "policy_version"})

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.name for f in self._meta.concrete_fields if not f.primary_key and f.name not in self.VERSION_FIELDS
            ]
        super().save(*args, **kwargs)

    @property
    def languages(self) -> list[str]:
        """Guest languages, primary first, never empty."""
        rest = [lang for lang in self.guest_languages if lang != self.primary_language]
        return [self.primary_language, *rest]
