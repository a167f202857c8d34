"""Password rules of back-office accounts: at least 12 characters, not close to the username or
e-mail, not a common password, not all digits. Checked where accounts are created: the sign-up
of an invitation."""

from pathlib import Path

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password

ROOT = Path(__file__).resolve().parents[2]


def sign_up(restaurant, username, password, email="someone@example.com"):
    """An invitation to `email`, accepted by signing up with `username` and `password`."""
    from django.test import Client

    from apikeys.services import invite_member

    link = invite_member(restaurant=restaurant, email=email or "someone@example.com", role="host").link
    path = link.split("://", 1)[1].split("/", 1)[1]
    fields = {"action": "sign_up", "username": username, "password": password, "password_again": password}
    return Client().post("/" + path, fields)


@pytest.mark.parametrize(
    "username, email, password, refusal",
    [
        ("new-staff", "", "eleven char", "too short. It must contain at least 12 characters"),
        ("marguerite.dupont", "", "marguerite.dupont1", "too similar to the username"),
        ("new-staff", "marguerite.dupont@example.com", "marguerite.dupont", "too similar to the email address"),
        ("new-staff", "", "password1234", "too common"),
        ("new-staff", "", "814736295038174", "entirely numeric"),
    ],
)
def test_a_new_account_cannot_get_a_weak_password(world_a, username, email, password, refusal):
    response = sign_up(world_a.restaurant, username, password, email)
    assert response.status_code == 200
    assert refusal in response.content.decode()
    assert not get_user_model().objects.filter(username=username).exists()


def test_a_strong_password_is_accepted(world_a):
    response = sign_up(world_a.restaurant, "new-staff", "amber kettle on the windowsill")
    assert response.status_code == 302
    assert get_user_model().objects.get(username="new-staff").check_password("amber kettle on the windowsill")


def test_the_demo_logins_meet_the_rules(db):
    """`make run` prints these logins; they should be ones the back office itself would accept."""
    document = yaml.safe_load((ROOT / "demo" / "restaurant.yaml").read_text())
    users = document["users"]
    assert users
    for user in users:
        validate_password(user["password"], get_user_model()(username=user["username"]))
