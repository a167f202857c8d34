"""manage.py staff: the same services as the back office, JSON out, a refusal exits 1."""

import json

import pytest
from django.core import mail
from django.core.management import CommandError, call_command

from apikeys.models import Membership
from tests.factories import MembershipFactory, RestaurantFactory

pytestmark = pytest.mark.django_db


def run(*args) -> dict:
    from io import StringIO

    out = StringIO()
    call_command("staff", *args, stdout=out)
    return json.loads(out.getvalue())


def test_invite_prints_the_invitation_and_mails_its_link(django_capture_on_commit_callbacks):
    restaurant = RestaurantFactory()
    with django_capture_on_commit_callbacks(execute=True):
        result = run("invite", restaurant.slug, "New@Example.com", "manager")
    assert result["email"] == "new@example.com" and result["role"] == "manager"
    assert "/staff/invitations/" in result["link"]
    assert result["link"] in mail.outbox[-1].body and mail.outbox[-1].to == ["new@example.com"]
    listing = run("list", restaurant.public_id)
    assert [row["email"] for row in listing["invitations"]] == ["new@example.com"]


def test_role_changes_and_the_last_owner_is_refused_with_exit_1():
    owner = MembershipFactory(role="owner")
    host = MembershipFactory(restaurant=owner.restaurant, role="host")
    slug = owner.restaurant.slug
    assert run("role", slug, host.user.username, "manager")["role"] == "manager"
    with pytest.raises(CommandError) as refused:
        call_command("staff", "role", slug, owner.user.username, "host")
    assert refused.value.returncode == 1 and "at least one owner" in str(refused.value)
    with pytest.raises(CommandError):
        call_command("staff", "remove", slug, owner.user.username)
    assert Membership.objects.get(pk=owner.pk).role == "owner"
    assert run("remove", slug, host.user.username)["removed"]["username"] == host.user.username
    assert not Membership.objects.filter(pk=host.pk).exists()


def test_an_unknown_restaurant_is_a_refusal():
    with pytest.raises(CommandError) as refused:
        call_command("staff", "list", "no-such-place")
    assert "No restaurant" in str(refused.value)
