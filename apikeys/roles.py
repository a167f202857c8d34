"""Back-office roles and what they may do, per restaurant.

A back-office user (`is_staff`) holds one role per restaurant (`Membership`); a
superuser acts on every restaurant. Django's per-model permission tables are not
used: a page or an action names the *capability* it needs, and `restaurant_access`
turns the request's user into the set of restaurants that capability covers.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models

from apikeys.models import Membership

# Capabilities a page can require, and the roles that hold them.
MANAGE_KEYS = "manage_keys"
MANAGE_WEBHOOKS = "manage_webhooks"
MANAGE_STAFF = "manage_staff"
MANAGE_POLICY = "manage_policy"
HOST = "host"

OWNER_ROLES = frozenset({"owner", "co_owner"})
CAPABILITY_ROLES: dict[str, frozenset[str]] = {
    MANAGE_KEYS: OWNER_ROLES,
    MANAGE_WEBHOOKS: OWNER_ROLES,
    MANAGE_STAFF: OWNER_ROLES,
    MANAGE_POLICY: OWNER_ROLES | {"manager"},
    HOST: OWNER_ROLES | {"manager", "host"},
}

_ROLES_CACHE_ATTR = "_backoffice_roles"
_ZONES_CACHE_ATTR = "_backoffice_zones"
_RESTAURANTS_CACHE_ATTR = "_backoffice_restaurants"


@dataclass(frozen=True)
class RestaurantAccess:
    """The restaurants one capability of one user covers (every one for a superuser)."""

    everything: bool
    ids: frozenset[int]

    def __contains__(self, restaurant_id: object) -> bool:
        return self.everything or restaurant_id in self.ids

    def __bool__(self) -> bool:
        return self.everything or bool(self.ids)

    @property
    def single_id(self) -> int | None:
        """The one restaurant covered, when there is exactly one (never for a superuser)."""
        return next(iter(self.ids)) if not self.everything and len(self.ids) == 1 else None

    @property
    def several(self) -> bool:
        return self.everything or len(self.ids) > 1

    def filter(self, queryset: models.QuerySet, lookup: str = "restaurant") -> models.QuerySet:
        if self.everything:
            return queryset
        return queryset.filter(**{f"{lookup}__in": sorted(self.ids)})


NO_ACCESS = RestaurantAccess(everything=False, ids=frozenset())


@dataclass(frozen=True)
class Actor:
    """Who acts: a back-office user with their role at the restaurant (`support` for a command run
    without --as, which holds an owner's power)."""

    user: object = None
    role: str = "support"

    @property
    def name(self) -> str:
        return self.user.get_username() if self.user is not None else "support command"

    @property
    def is_manager(self) -> bool:
        return self.role != "host"

    def may_confirm(self, code: str, restaurant) -> bool:
        """A host confirms every warning but those the restaurant keeps for managers."""
        return self.is_manager or code not in (restaurant.manager_only_warnings or ())


SUPPORT = Actor()


def roles_by_restaurant(request) -> dict[int, str]:
    """{restaurant_id: role} of the request's user; read once per request."""
    cached = getattr(request, _ROLES_CACHE_ATTR, None)
    if cached is not None:
        return cached
    user = getattr(request, "user", None)
    roles: dict[int, str] = {}
    restaurants = {}
    if user is not None and user.is_authenticated and user.is_active and user.is_staff:
        # The restaurants come in the same query (their names and time zones fill every page).
        for membership in Membership.objects.filter(user_id=user.pk).select_related("restaurant"):
            roles[membership.restaurant_id] = membership.role
            restaurants[membership.restaurant_id] = membership.restaurant
    setattr(request, _ROLES_CACHE_ATTR, roles)
    setattr(request, _RESTAURANTS_CACHE_ATTR, restaurants)
    setattr(request, _ZONES_CACHE_ATTR, frozenset(r.timezone for r in restaurants.values()))
    return roles


def member_restaurants(request) -> dict:
    """{restaurant_id: Restaurant} of the request's user's memberships (read with the roles)."""
    roles_by_restaurant(request)
    return getattr(request, _RESTAURANTS_CACHE_ATTR, {})


def restaurant_zones(request) -> frozenset[str]:
    """The time zones of the restaurants the request's user has a role at (read with the roles)."""
    roles_by_restaurant(request)
    return getattr(request, _ZONES_CACHE_ATTR, frozenset())


def restaurant_access(request, capability: str) -> RestaurantAccess:
    """Which restaurants the request's user may act on with `capability`."""
    if capability not in CAPABILITY_ROLES:
        raise ValueError(f"Unknown back-office capability {capability!r}")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or not user.is_active:
        return NO_ACCESS
    if user.is_superuser:
        return RestaurantAccess(everything=True, ids=frozenset())
    allowed = CAPABILITY_ROLES[capability]
    ids = frozenset(rid for rid, role in roles_by_restaurant(request).items() if role in allowed)
    return RestaurantAccess(everything=False, ids=ids)


def staff_actor(request, restaurant_id: int):
    """The request's user as they act at this restaurant (an Actor):
    their role there, an owner's for a superuser."""
    if request.user.is_superuser:
        return Actor(user=request.user, role="owner")
    return Actor(user=request.user, role=roles_by_restaurant(request).get(restaurant_id, "host"))


def user_actor(user, restaurant):
    """A user as they act at this restaurant (the support commands' --as): their membership's role,
    an owner's for a superuser; None when they have no role there."""
    if user.is_superuser:
        return Actor(user=user, role="owner")
    role = Membership.objects.filter(user=user, restaurant=restaurant).values_list("role", flat=True).first()
    return Actor(user=user, role=role) if role else None
