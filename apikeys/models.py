from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q

from config.constraints import one_of
from config.ids import new_api_key_id
from config.versions import LATEST_VERSION, VERSIONS


class Scope(models.TextChoices):
    READ = "reservations:read"
    WRITE = "reservations:write"
    OVERRIDE = "reservations:write:override"
    GUESTS = "guests:read"


class Role(models.TextChoices):
    OWNER = "owner", "owner"
    CO_OWNER = "co_owner", "co-owner"
    MANAGER = "manager", "manager"
    HOST = "host", "host"


SCOPES = tuple(Scope.values)
DEFAULT_SCOPES = [Scope.READ.value]
MAX_LIVE_KEYS = 10
ROLES = tuple(Role.values)


def default_scopes() -> list[str]:
    return list(DEFAULT_SCOPES)


class ApiKey(models.Model):
    """A partner's secret key. Only a SHA-256 hash and the last 4 characters are stored."""

    public_id = models.CharField(max_length=40, unique=True, default=new_api_key_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="api_keys")
    name = models.CharField(max_length=100)
    scopes = ArrayField(models.CharField(max_length=40, choices=Scope.choices), default=default_scopes)
    api_version = models.CharField(
        max_length=10, choices=[(v, v) for v in VERSIONS], default=LATEST_VERSION, help_text="Pinned API version"
    )
    secret_hash = models.CharField(max_length=64, unique=True, editable=False)
    last4 = models.CharField(max_length=4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)
    # Copied from Redis every five minutes (apikeys/usage.py); the admin adds the newer marks.
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        verbose_name = "API key"
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(name="api_key_scopes_not_empty", condition=~Q(scopes=[])),
            models.CheckConstraint(name="api_key_scopes_valid", condition=Q(scopes__contained_by=Scope.values)),
        ]

    def __str__(self) -> str:
        return f"{self.name} (sk_live_...{self.last4})"

    @property
    def is_live(self) -> bool:
        return self.revoked_at is None


class Membership(models.Model):
    """A back-office user's role at one restaurant."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=20, choices=Role.choices)

    class Meta:
        verbose_name = "staff member"
        verbose_name_plural = "staff"
        constraints = [
            models.UniqueConstraint(fields=["user", "restaurant"], name="membership_unique"),
            one_of("role", Role.values, "membership_role_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.user} is {self.role} at {self.restaurant}"


class IdempotencyRecord(models.Model):
    """The first successful response to a write, replayed for 72 hours to the same key."""

    # idempotency_key_unique (restaurant, key) serves it.
    restaurant = models.ForeignKey(
        "reservations.Restaurant", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.BinaryField()
    headers = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["restaurant", "key"], name="idempotency_key_unique")]


class Invitation(models.Model):
    """An invitation, by e-mail, to take a role at a restaurant; accepted once, through its link.

    Every new member arrives this way, account or not, so the answer to the owner never tells
    whether an account exists. Only a hash of the link's token is kept.
    """

    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.HOST)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [one_of("role", Role.values, "invitation_role_valid")]

    def __str__(self) -> str:
        return f"{self.email} as {self.get_role_display()} at {self.restaurant}"
