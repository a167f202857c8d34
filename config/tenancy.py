"""The tenant: the restaurant every tenant-owned row points at (reservations.Restaurant).

The apps below reservations in the layers (docs/design.md, "Layers") name it by its label, as
their foreign keys do and as Django's own apps name the user model (`get_user_model`), instead of
importing reservations.
"""

from django.apps import apps

from config.exceptions import NotFound

RESTAURANT = "reservations.Restaurant"


def restaurant_model():
    """The restaurant model (once the models are loaded)."""
    return apps.get_model(RESTAURANT)


def restaurant_of(ref: str):
    """A restaurant by its rst_ id or its slug (the support commands' argument)."""
    objects = restaurant_model().objects
    restaurant = objects.filter(public_id=ref).first() or objects.filter(slug=ref).first()
    if restaurant is None:
        raise NotFound(f"No restaurant {ref}.")
    return restaurant
