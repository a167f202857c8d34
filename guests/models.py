from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q

from config.constraints import one_of, tenant_key
from config.ids import new_guest_id
from config.languages import Language


class GuestSource(models.TextChoices):
    MANUAL = "manual"
    WIDGET = "widget"
    IMPORT = "import"
    HOST_ASSERTION = "host_assertion"
    API = "api"
    WEBSITE_NEWSLETTER = "website_newsletter"


# What staff (and imports) may set on a profile; the ids, the source and the statistics are the services'.
EDITABLE_FIELDS = (
    "first_name",
    "last_name",
    "email",
    "phone",
    "notes",
    "blacklisted",
    "blacklist_reason",
    "dietary_preferences",
    "allergies",
    "birthday",
    "anniversary",
    "vip",
    "language",
    "marketing_email_consent",
    "marketing_sms_consent",
)
# Derived from the profile's bookings (guests.services.statistics).
STATISTICS_FIELDS = ("visit_count", "no_show_count", "cancellation_count", "first_visit_at", "last_visit_at")


class Guest(models.Model):
    """A profile in one restaurant's guest book."""

    public_id = models.CharField(max_length=40, unique=True, default=new_guest_id, editable=False)
    # guest_tenant_key (restaurant, id) serves it.
    restaurant = models.ForeignKey(
        "reservations.Restaurant", on_delete=models.CASCADE, related_name="guests", db_index=False
    )
    first_name = models.CharField(max_length=100, null=True, blank=True)
    last_name = models.CharField(max_length=100, null=True, blank=True)
    email = models.CharField(max_length=254, null=True, blank=True, help_text="Trimmed and lower-cased")
    phone = models.CharField(max_length=40, null=True, blank=True, help_text="E.164 when parsable")
    notes = models.TextField(null=True, blank=True)
    blacklisted = models.BooleanField(default=False)
    blacklist_reason = models.CharField(max_length=500, null=True, blank=True)
    dietary_preferences = ArrayField(models.CharField(max_length=100), default=list, blank=True)
    allergies = ArrayField(models.CharField(max_length=100), default=list, blank=True)
    birthday = models.DateField(null=True, blank=True)
    anniversary = models.DateField(null=True, blank=True)
    vip = models.BooleanField(default=False)
    language = models.CharField(max_length=2, choices=Language.choices, null=True, blank=True)
    source = models.CharField(max_length=30, choices=GuestSource.choices, default=GuestSource.MANUAL)
    marketing_email_consent = models.BooleanField(default=False)
    marketing_email_consent_at = models.DateTimeField(null=True, blank=True)
    marketing_sms_consent = models.BooleanField(default=False)
    marketing_sms_consent_at = models.DateTimeField(null=True, blank=True)
    visit_count = models.PositiveIntegerField(default=0)
    no_show_count = models.PositiveIntegerField(default=0)
    cancellation_count = models.PositiveIntegerField(default=0)
    first_visit_at = models.DateTimeField(null=True, blank=True)
    last_visit_at = models.DateTimeField(null=True, blank=True)
    # A merged-away profile points at its survivor; its id keeps resolving there.
    merged_into = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # Set by a data-protection erasure: the profile is blanked and no longer served.
    erased_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["restaurant", "email"], name="guest_email_idx"),
            models.Index(fields=["restaurant", "phone"], name="guest_phone_idx"),
            models.Index(fields=["restaurant", "-created_at", "-id"], name="guest_list_idx"),
            models.Index(fields=["restaurant", "updated_at", "id"], name="guest_updated_idx"),
            # The accent-insensitive `query` search: the stored column search_text and its trigram GIN
            # index are created in SQL by migrations 0005 and 0006 (Django does not declare them).
        ]
        constraints = [
            models.CheckConstraint(
                name="guest_has_a_name", condition=Q(first_name__isnull=False) | Q(last_name__isnull=False)
            ),
            tenant_key("guest_tenant_key"),
            one_of("source", GuestSource.values, "guest_source_valid"),
            one_of("language", Language.values, "guest_language_valid", null=True),
            models.CheckConstraint(name="guest_not_merged_into_self", condition=~Q(merged_into=models.F("id"))),
        ]

    def __str__(self) -> str:
        return " ".join(part for part in (self.first_name, self.last_name) if part) or self.public_id


class GuestMerge(models.Model):
    """One merge of two profiles, kept so that it can be undone.

    `reservation_ids` and `waitlist_entry_ids` are the rows that belonged to the absorbed profile
    when it was merged (they go back on unmerge); `survivor_filled` the survivor's fields the merge
    filled from the absorbed profile, with their previous values (restored on unmerge when unchanged).
    """

    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="+")
    survivor = models.ForeignKey(Guest, on_delete=models.CASCADE, related_name="+")
    absorbed = models.ForeignKey(Guest, on_delete=models.CASCADE, related_name="+")
    reservation_ids = ArrayField(models.BigIntegerField(), default=list, blank=True)
    waitlist_entry_ids = ArrayField(models.BigIntegerField(), default=list, blank=True)
    survivor_filled = models.JSONField(default=dict, blank=True)
    merged_by = models.CharField(max_length=150, blank=True, default="")
    merged_at = models.DateTimeField(auto_now_add=True)
    unmerged_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-merged_at", "-id"]
        indexes = [models.Index(fields=["absorbed", "-merged_at"], name="guest_merge_absorbed_idx")]
        constraints = [
            tenant_key("guest_merge_tenant_key"),
            models.CheckConstraint(name="guest_merge_two_profiles", condition=~Q(survivor=models.F("absorbed"))),
            models.UniqueConstraint(
                fields=["absorbed"], condition=Q(unmerged_at__isnull=True), name="guest_merge_one_live_per_absorbed"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.absorbed_id} into {self.survivor_id}"
