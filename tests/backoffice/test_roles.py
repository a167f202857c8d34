"""Roles: owners and co-owners manage keys and staff, managers the policy, hosts look."""

import pytest

from tests.backoffice.payloads import add_payload

KEY_URLS = ["/admin/apikeys/apikey/", "/admin/apikeys/apikey/add/", "/admin/apikeys/membership/"]
POLICY_MODELS = [
    "restaurant",
    "floorplan",
    "section",
    "table",
    "combination",
    "shift",
    "closure",
    "daynote",
    "block",
    "company",
]


def app_models(response) -> set[str]:
    return {model["object_name"].lower() for app in response.context["app_list"] for model in app["models"]}


# Card guarantees and feedback: every role from host up (reservations/admin/guarantees.py).
GUARANTEE_MODELS = {"cardguarantee", "feedback"}


def test_index_lists_what_each_role_may_use(login):
    # Every role works the service: bookings and holds (their actions are the host's moves).
    policy = set(POLICY_MODELS) | {"reservation", "hold", "guest", "waitlistentry"} | GUARANTEE_MODELS
    owners = policy | {"apikey", "membership", "invitation", "endpoint", "delivery"}  # webhooks: owners only
    assert app_models(login("owner").get("/admin/")) == owners
    assert app_models(login("co_owner").get("/admin/")) == owners
    assert app_models(login("manager").get("/admin/")) == policy
    # A host lands on the day sheet; the index stays one link away.
    assert login("host").get("/admin/").url == "/admin/floor/"
    assert app_models(login("host").get("/admin/?index=1")) == policy  # read-only


@pytest.mark.parametrize("role", ["manager", "host"])
def test_managers_and_hosts_never_reach_keys_or_staff(login, world_a, role):
    client = login(role)
    for path in KEY_URLS:
        assert client.get(path).status_code == 403, path
    key = world_a.objects["apikey"]
    for suffix in ("change/", "secret/"):
        assert client.get(f"/admin/apikeys/apikey/{key.pk}/{suffix}").status_code in (302, 403, 404)
    response = client.post(f"/admin/apikeys/apikey/{key.pk}/revoke/")
    assert response.status_code in (302, 403, 404)
    key.refresh_from_db()
    assert key.is_live
    response = client.post("/admin/apikeys/apikey/add/", add_payload("apikey", world_a))
    assert response.status_code == 403
    assert world_a.restaurant.api_keys.count() == 1


@pytest.mark.parametrize("model", POLICY_MODELS)
def test_host_sees_policy_read_only(login, world_a, model):
    client = login("host")
    obj = world_a.objects[model]
    response = client.get(f"/admin/reservations/{model}/{obj.pk}/change/")
    assert response.status_code == 200
    assert response.context["has_change_permission"] is False
    assert 'name="_save"' not in response.content.decode()
    before = world_a.restaurant.availability_version
    response = client.post(f"/admin/reservations/{model}/{obj.pk}/change/", {"name": "changed"})
    assert response.status_code == 403
    assert client.get(f"/admin/reservations/{model}/add/").status_code == 403
    assert client.post(f"/admin/reservations/{model}/{obj.pk}/delete/", {"post": "yes"}).status_code == 403
    obj.refresh_from_db()
    assert type(obj).objects.filter(pk=obj.pk).exists()
    world_a.restaurant.refresh_from_db()
    assert world_a.restaurant.availability_version == before


def test_host_cannot_bulk_delete(login, world_a):
    table = world_a.objects["table"]
    response = login("host").post(
        "/admin/reservations/table/", {"action": "delete_selected", "_selected_action": [table.pk], "post": "yes"}
    )
    assert response.status_code in (200, 302, 403)
    assert type(table).objects.filter(pk=table.pk).exists()


@pytest.mark.parametrize("role", ["owner", "co_owner", "manager"])
def test_owners_and_managers_edit_policy(login, world_a, role):
    client = login(role)
    response = client.post("/admin/reservations/table/add/", add_payload("table", world_a))
    assert response.status_code == 302
    assert world_a.restaurant.tables.filter(name="T-new").exists()


def test_restaurant_is_added_and_deleted_by_superusers_only(login, world_a):
    assert login("owner").get("/admin/reservations/restaurant/add/").status_code == 403
    assert login("manager").get("/admin/reservations/restaurant/add/").status_code == 403
    restaurant = world_a.restaurant
    assert login("owner").get(f"/admin/reservations/restaurant/{restaurant.pk}/delete/").status_code == 403
    assert login("superuser").get("/admin/reservations/restaurant/add/").status_code == 200


def test_operator_fields_are_read_only_for_managers(login, world_a):
    restaurant = world_a.restaurant
    response = login("manager").get(f"/admin/reservations/restaurant/{restaurant.pk}/change/")
    form = response.context["adminform"].form
    assert "name" in form.fields
    for name in ("api_access", "payments_enabled", "write_burst", "slug"):
        assert name not in form.fields
    response = login("superuser").get(f"/admin/reservations/restaurant/{restaurant.pk}/change/")
    assert "api_access" in response.context["adminform"].form.fields


def test_site_header(login):
    response = login("owner").get("/admin/")
    assert "Reservations back office" in response.content.decode()
    anonymous = login("owner").__class__().get("/admin/login/")
    assert "Reservations back office" in anonymous.content.decode()
