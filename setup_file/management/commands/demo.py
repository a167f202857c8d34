"""python manage.py demo: the demo restaurant, a fresh API key and a back-office login.

Loads demo/restaurant.yaml unless the restaurant is already there (then keeps it).
Every run revokes the previous "Demo key", mints a new one with every scope and
resets the owner's password to the file's, so running it again is harmless.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from apikeys.models import SCOPES, ApiKey, Membership
from apikeys.services import KeyMintError, mint_key, revoke_key
from reservations.models import Restaurant
from setup_file.errors import SetupFileInvalid
from setup_file.loader import load_document
from setup_file.parsing import parse

DEMO_FILE = settings.BASE_DIR / "demo" / "restaurant.yaml"
KEY_NAME = "Demo key"


class Command(BaseCommand):
    help = "Load the demo restaurant if missing; print a fresh demo API key and the back-office login."

    def handle(self, *args, **options):
        try:
            document = parse(DEMO_FILE.read_text(encoding="utf-8"))
            with transaction.atomic():
                restaurant, created = self._restaurant(document)
                secret = self._fresh_key(restaurant)
                username, password = self._owner(restaurant, document)
        except (SetupFileInvalid, KeyMintError) as exc:
            problems = getattr(exc, "problems", [str(exc)])
            self.stderr.write(f"{DEMO_FILE}: cannot set up the demo restaurant:")
            for problem in problems:
                self.stderr.write(f"  {problem}")
            raise SystemExit(1) from exc
        self._print(restaurant, created, username, password, secret)

    def _restaurant(self, document: dict) -> tuple[Restaurant, bool]:
        restaurant = Restaurant.objects.filter(slug=document["restaurant"]["slug"]).first()
        if restaurant is not None:
            return restaurant, False
        result = load_document(document)
        return Restaurant.objects.get(public_id=result["restaurant"]), True

    def _fresh_key(self, restaurant: Restaurant) -> str:
        for key in ApiKey.objects.filter(restaurant=restaurant, name=KEY_NAME, revoked_at__isnull=True):
            revoke_key(key=key)
        return mint_key(restaurant=restaurant, name=KEY_NAME, scopes=list(SCOPES)).secret

    def _owner(self, restaurant: Restaurant, document: dict) -> tuple[str, str]:
        entry = next(user for user in document["users"] if user["role"] == "owner")
        user, _ = get_user_model().objects.get_or_create(username=entry["username"])
        user.is_staff = True
        user.is_active = True
        user.set_password(entry["password"])
        user.save()
        Membership.objects.update_or_create(user=user, restaurant=restaurant, defaults={"role": "owner"})
        return entry["username"], entry["password"]

    def _print(self, restaurant: Restaurant, created: bool, username: str, password: str, secret: str) -> None:
        state = "created" if created else "already there, kept"
        lines = [
            f"Demo restaurant: {restaurant.name} ({restaurant.public_id}, slug {restaurant.slug}), {state}",
            f"Back office:     {settings.BASE_URL}/admin/",
            f"Booking page:    {settings.BASE_URL}/book/{restaurant.slug}  (a card from 6 guests at dinner: "
            "test card 4242 4242 4242 4242)",
            f"  login:         {username}",
            f"  password:      {password}",
            f"API key:         {secret}",
            "  (every scope; shown once; the previous demo key is revoked)",
            "Try it:",
            f'  curl -H "Authorization: Bearer {secret}" {settings.BASE_URL}/v1/ping',
        ]
        self.stdout.write("\n".join(lines))
