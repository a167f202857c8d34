"""Password rules of back-office accounts: at least 12 characters, not close to the username or
e-mail, not a common password, not all digits. Checked where owners create accounts."""

from pathlib import Path

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password

ROOT = Path(__file__).resolve().parents[2]


def add_member(client, restaurant, username, password, email=""):
    data = {"restaurant": restaurant.pk, "username": username, "email": email, "password": password, "role": "host"}
    return client.post("/admin/apikeys/membership/add/", data)


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
def test_an_owner_cannot_give_a_new_account_a_weak_password(login, world_a, username, email, password, refusal):
    response = add_member(login("owner"), world_a.restaurant, username, password, email)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors["password"]
    assert any(refusal in error for error in errors), errors
    assert not get_user_model().objects.filter(username=username).exists()


def test_a_strong_password_is_accepted(login, world_a):
    response = add_member(login("owner"), world_a.restaurant, "new-staff", "amber kettle on the windowsill")
    assert response.status_code == 302
    assert get_user_model().objects.get(username="new-staff").check_password("amber kettle on the windowsill")


def test_the_demo_logins_meet_the_rules(db):
    """`make run` prints these logins; they should be ones the back office itself would accept."""
    document = yaml.safe_load((ROOT / "demo" / "restaurant.yaml").read_text())
    users = document["users"]
    assert users
    for user in users:
        validate_password(user["password"], get_user_model()(username=user["username"]))
