"""The back office's header names the restaurant of a user who works at one (templates/admin/base_site.html).
Read from the memberships the request already loaded with the roles: no query of its own."""

from django import template

from apikeys.roles import member_restaurants

register = template.Library()


@register.simple_tag(takes_context=True)
def backoffice_restaurant(context):
    """The user's one restaurant, or None (anonymous, no membership, or several restaurants)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    restaurants = list(member_restaurants(request).values())
    return restaurants[0] if len(restaurants) == 1 else None
