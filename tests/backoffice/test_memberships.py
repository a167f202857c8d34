"""A restaurant's staff, managed by its owners and co-owners."""

from django.contrib.auth import get_user_model
from django.test import Client

from apikeys.models import Membership
from tests.backoffice.conftest import PASSWORD


def add(client, restaurant, **fields):
    data = {"restaurant": restaurant.pk, "username": "new-staff", "role": "host", **fields}
    return client.post("/admin/apikeys/membership/add/", data)


def test_owner_adds_a_new_back_office_account(login, world_a):
    response = add(login("co_owner"), world_a.restaurant, password="a long enough password", email="n@example.com")
    assert response.status_code == 302, response.context and response.context["errors"]
    user = get_user_model().objects.get(username="new-staff")
    assert user.is_staff and not user.is_superuser and user.check_password("a long enough password")
    assert Membership.objects.get(user=user).restaurant_id == world_a.restaurant.pk
    client = Client()
    assert client.login(username="new-staff", password="a long enough password")
    response = client.get("/admin/reservations/restaurant/")
    assert [r.pk for r in response.context["cl"].result_list] == [world_a.restaurant.pk]


def test_a_new_account_needs_a_valid_password(login, world_a):
    client = login("owner")
    response = add(client, world_a.restaurant)
    assert "password" in response.context["adminform"].form.errors
    response = add(client, world_a.restaurant, password="short")
    assert "password" in response.context["adminform"].form.errors
    assert not get_user_model().objects.filter(username="new-staff").exists()


def test_an_existing_account_keeps_its_password(login, world_a, users):
    response = add(login("owner"), world_a.restaurant, username="bravo-owner", password="hijacked password!")
    assert response.status_code == 302
    other = users["owner_b"]
    other.refresh_from_db()
    assert other.check_password(PASSWORD)
    assert Membership.objects.filter(user=other).count() == 2
    response = add(login("owner"), world_a.restaurant, username="bravo-owner")
    assert "username" in response.context["adminform"].form.errors


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
