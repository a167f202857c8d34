"""A restaurant's staff, managed by its owners and co-owners. New people arrive by invitation:
the answer reads the same whether the address has an account or not, and nobody is attached
to a restaurant without accepting."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from apikeys.models import Invitation, Membership
from tests.backoffice.conftest import PASSWORD

LINK_RE = re.compile(r"(/staff/invitations/[A-Za-z0-9]+)")


def invite(client, restaurant, email, role="host", **fields):
    data = {"restaurant": restaurant.pk, "email": email, "role": role, **fields}
    return client.post("/admin/apikeys/invitation/add/", data, follow=True)


def sent_invitation(client, restaurant, email, role="host", capture=None) -> str:
    with capture(execute=True):
        response = invite(client, restaurant, email, role)
    assert response.status_code == 200
    return LINK_RE.search(mail.outbox[-1].body).group(1)


def test_add_staff_leads_to_the_invitation_form_with_host_as_default_role(login, world_a):
    client = login("owner")
    response = client.get("/admin/apikeys/membership/add/")
    assert response.status_code == 302 and response["Location"] == "/admin/apikeys/invitation/add/"
    form = client.get(response["Location"]).context["adminform"].form
    assert list(form.fields) == ["restaurant", "email", "role"]
    assert form.fields["role"].initial == "host"


def test_the_answer_reads_the_same_with_or_without_an_account(
    login, world_a, users, django_capture_on_commit_callbacks
):
    users["owner_b"].email = "bravo@example.com"
    users["owner_b"].save(update_fields=["email"])
    client = login("owner")
    answers = []
    for email in ("bravo@example.com", "nobody-yet@example.com"):
        with django_capture_on_commit_callbacks(execute=True):
            response = invite(client, world_a.restaurant, email)
        page = response.content.decode().replace(email, "<email>")
        answers.append([str(message).replace(email, "<email>") for message in response.context["messages"]])
        assert "exist" not in page.lower()
    assert answers[0] == answers[1] == ["An invitation was sent to <email>."]
    # Nobody was attached to the restaurant by the owner's form alone.
    assert not Membership.objects.filter(user=users["owner_b"], restaurant=world_a.restaurant).exists()
    assert len(mail.outbox) == 2


def test_a_new_person_signs_up_through_the_link(login, world_a, django_capture_on_commit_callbacks):
    link = sent_invitation(
        login("co_owner"), world_a.restaurant, "new@example.com", "manager", django_capture_on_commit_callbacks
    )
    guest = Client()
    page = guest.get(link)
    assert page.status_code == 200 and world_a.restaurant.name in page.content.decode()
    response = guest.post(
        link,
        {
            "action": "sign_up",
            "username": "new-staff",
            "password": "amber kettle on the sill",
            "password_again": "amber kettle on the sill",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/admin/"
    user = get_user_model().objects.get(username="new-staff")
    assert user.is_staff and not user.is_superuser and user.email == "new@example.com"
    assert Membership.objects.get(user=user).role == "manager"
    # Logged in already, and scoped to its restaurant.
    listing = guest.get("/admin/reservations/restaurant/")
    assert [r.pk for r in listing.context["cl"].result_list] == [world_a.restaurant.pk]
    # The link works once.
    assert Client().get(link).status_code == 404


def test_a_sign_up_needs_a_valid_password(login, world_a, django_capture_on_commit_callbacks):
    link = sent_invitation(
        login("owner"), world_a.restaurant, "new@example.com", "host", django_capture_on_commit_callbacks
    )
    guest = Client()
    response = guest.post(
        link, {"action": "sign_up", "username": "new-staff", "password": "short", "password_again": "short"}
    )
    assert response.status_code == 200
    assert "too short" in response.content.decode()
    assert not get_user_model().objects.filter(username="new-staff").exists()


def test_an_existing_account_accepts_after_logging_in_and_keeps_its_password(
    login, world_a, users, django_capture_on_commit_callbacks
):
    link = sent_invitation(
        login("owner"), world_a.restaurant, "someone@example.com", "host", django_capture_on_commit_callbacks
    )
    bravo = Client()
    assert bravo.login(username="bravo-owner", password=PASSWORD)
    page = bravo.get(link)
    assert "bravo-owner" in page.content.decode()
    response = bravo.post(link, {"action": "accept"})
    assert response.status_code == 302
    other = users["owner_b"]
    other.refresh_from_db()
    assert other.check_password(PASSWORD)
    assert Membership.objects.get(user=other, restaurant=world_a.restaurant).role == "host"
    assert Invitation.objects.get(email="someone@example.com").accepted_by == other


def test_an_anonymous_visitor_cannot_accept_without_an_account(login, world_a, django_capture_on_commit_callbacks):
    link = sent_invitation(
        login("owner"), world_a.restaurant, "x@example.com", "owner", django_capture_on_commit_callbacks
    )
    response = Client().post(link, {"action": "accept"})
    assert response.status_code == 200
    assert not Invitation.objects.get(email="x@example.com").accepted_at


@pytest.mark.parametrize("path", ["/staff/invitations/nope", "/staff/invitations/" + "a" * 40])
def test_an_unknown_link_reads_as_no_longer_valid(path, db):
    response = Client().get(path)
    assert response.status_code == 404 and "no longer valid" in response.content.decode()


def test_a_resent_invitation_replaces_the_old_link(login, world_a, django_capture_on_commit_callbacks):
    client = login("owner")
    first = sent_invitation(client, world_a.restaurant, "late@example.com", "host", django_capture_on_commit_callbacks)
    invitation = Invitation.objects.get(email="late@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/admin/apikeys/invitation/", {"action": "resend_selected", "_selected_action": [invitation.pk]})
    second = LINK_RE.search(mail.outbox[-1].body).group(1)
    assert second != first
    assert Client().get(first).status_code == 404 and Client().get(second).status_code == 200


def test_hosts_and_managers_cannot_invite(login, world_a):
    for role in ("host", "manager"):
        assert login(role).get("/admin/apikeys/invitation/add/").status_code == 403


def test_change_form_edits_only_the_role(login, world_a, users):
    membership = Membership.objects.get(user=users["host"])
    client = login("owner")
    response = client.get(f"/admin/apikeys/membership/{membership.pk}/change/")
    assert list(response.context["adminform"].form.fields) == ["role"]
    response = client.post(f"/admin/apikeys/membership/{membership.pk}/change/", {"role": "manager"})
    assert response.status_code == 302
    membership.refresh_from_db()
    assert membership.role == "manager"


def test_the_last_owner_stays(login, world_a, users):
    client = login("co_owner")
    owner = Membership.objects.get(user=users["owner"])
    response = client.post(f"/admin/apikeys/membership/{owner.pk}/change/", {"role": "manager"})
    assert response.status_code == 200
    assert "role" in response.context["adminform"].form.errors
    assert client.post(f"/admin/apikeys/membership/{owner.pk}/delete/", {"post": "yes"}).status_code == 403
    assert "delete_selected" not in client.get("/admin/apikeys/membership/").context["cl"].model_admin.get_actions(
        client.get("/admin/apikeys/membership/").wsgi_request
    )
    # With a second owner, the first may step down.
    Membership.objects.filter(user=users["co_owner"]).update(role="owner")
    response = client.post(f"/admin/apikeys/membership/{owner.pk}/change/", {"role": "manager"})
    assert response.status_code == 302


def test_deleting_a_membership_ends_access(login, world_a, users):
    host = Membership.objects.get(user=users["host"])
    response = login("owner").post(f"/admin/apikeys/membership/{host.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert login("host").get("/admin/reservations/table/").status_code == 403
