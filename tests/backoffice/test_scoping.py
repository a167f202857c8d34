"""Tenant isolation: a user of restaurant A sees and touches nothing of restaurant B."""

import pytest
from django.apps import apps
from django.forms.models import model_to_dict

from tests.backoffice.payloads import add_payload
from tests.factories import MembershipFactory

ADMIN_MODELS = [
    ("apikeys", "apikey"),
    ("apikeys", "membership"),
    ("apikeys", "invitation"),
    ("reservations", "restaurant"),
    ("reservations", "floorplan"),
    ("reservations", "section"),
    ("reservations", "table"),
    ("reservations", "combination"),
    ("reservations", "shift"),
    ("reservations", "closure"),
    ("reservations", "daynote"),
    ("reservations", "block"),
    ("reservations", "company"),
]
# Staff arrive by invitation: adding a membership leads to the invitation form.
ADDABLE = [pair for pair in ADMIN_MODELS if pair[1] not in ("restaurant", "membership")]
ids = [model for _app, model in ADMIN_MODELS]


def url(app, model, suffix=""):
    return f"/admin/{app}/{model}/{suffix}"


def text(response) -> str:
    return response.content.decode().lower()


def assert_no_leak(response):
    body = text(response)
    assert "bravo" not in body, "restaurant B leaked"


def count(app, model):
    return apps.get_model(app, model).objects.count()


@pytest.mark.parametrize(("app", "model"), ADMIN_MODELS, ids=ids)
def test_changelist_lists_only_own_restaurant(login, world_a, world_b, app, model):
    response = login("owner").get(url(app, model))
    assert response.status_code == 200
    assert_no_leak(response)
    shown = {obj.pk for obj in response.context["cl"].result_list}
    assert world_a.objects[model].pk in shown
    assert world_b.objects[model].pk not in shown


@pytest.mark.parametrize(("app", "model"), ADMIN_MODELS, ids=ids)
def test_changelist_search_filters_and_popups_stay_scoped(login, world_a, world_b, app, model):
    client = login("owner")
    b = world_b.restaurant.pk
    for query in (
        "?q=rav",
        "?q=RAVO",
        f"?restaurant__id__exact={b}",
        f"?restaurant={b}",
        f"?pk={world_b.objects[model].pk}",
        f"?id__in={world_b.objects[model].pk}",
        "?_popup=1&_to_field=id",
        "?o=1",
    ):
        response = client.get(url(app, model, query))
        if response.status_code == 302:
            response = client.get(response["Location"])
        assert response.status_code in (200, 400), query
        assert_no_leak(response)


@pytest.mark.parametrize(("app", "model"), ADMIN_MODELS, ids=ids)
def test_guessing_urls_of_another_restaurant(login, world_b, app, model):
    client = login("owner")
    pk = world_b.objects[model].pk
    for suffix in ("change/", "history/", "delete/", ""):
        response = client.get(url(app, model, f"{pk}/{suffix}"))
        assert response.status_code in (302, 403, 404), suffix
        if response.status_code == 302:
            assert response["Location"] in ("/admin/", f"/admin/{app}/{model}/{pk}/change/"), suffix
            assert_no_leak(client.get(response["Location"]))
        else:
            assert_no_leak(response)


@pytest.mark.parametrize(("app", "model"), ADMIN_MODELS, ids=ids)
def test_posting_to_another_restaurants_objects_changes_nothing(login, world_b, app, model):
    client = login("owner")
    obj = world_b.objects[model]
    before = model_to_dict(obj)
    data = {**(add_payload(model, world_b) if model != "restaurant" else {}), "name": "hacked", "post": "yes"}
    for suffix in ("change/", "delete/"):
        response = client.post(url(app, model, f"{obj.pk}/{suffix}"), data)
        assert response.status_code in (302, 403, 404), suffix
    obj.refresh_from_db()
    assert model_to_dict(obj) == before


@pytest.mark.parametrize(("app", "model"), ADDABLE, ids=[m for _a, m in ADDABLE])
def test_add_form_offers_only_own_choices(login, world_a, app, model):
    response = login("owner").get(url(app, model, "add/"))
    assert response.status_code == 200
    assert_no_leak(response)
    form = response.context["adminform"].form
    for name, field in form.fields.items():
        queryset = getattr(field, "queryset", None)
        if queryset is None:
            continue
        assert queryset.exists(), name
        for choice in queryset:
            owner = choice.pk if choice._meta.model_name == "restaurant" else choice.restaurant_id
            assert owner == world_a.restaurant.pk, name


@pytest.mark.parametrize(("app", "model"), ADDABLE, ids=[m for _a, m in ADDABLE])
def test_add_pointing_at_another_restaurant_is_refused(login, world_a, world_b, app, model):
    client = login("owner")
    before = count(app, model)
    response = client.post(url(app, model, "add/"), add_payload(model, world_b))
    assert response.status_code == 200  # the form again, with errors
    assert response.context["errors"], "a foreign choice must be a form error"
    assert count(app, model) == before
    # The same payload with the user's own restaurant goes through.
    response = client.post(url(app, model, "add/"), add_payload(model, world_a))
    assert response.status_code == 302, response.context and response.context["errors"]
    assert count(app, model) == before + 1


@pytest.mark.parametrize(
    ("source", "field", "target"),
    [
        ("section", "floor_plan", "floorplan"),
        ("table", "section", "section"),
        ("combination", "tables", "table"),
        ("shift", "online_sections", "section"),
        ("block", "tables", "table"),
        ("section", "group_leader", "section"),
        ("apikey", "restaurant", "restaurant"),
    ],
)
def test_autocomplete_stays_scoped(login, world_a, world_b, source, field, target):
    app = "apikeys" if source == "apikey" else "reservations"
    response = login("owner").get(
        "/admin/autocomplete/", {"app_label": app, "model_name": source, "field_name": field, "term": ""}
    )
    assert response.status_code == 200
    results = {int(item["id"]) for item in response.json()["results"]}
    assert world_a.objects[target].pk in results
    assert world_b.objects[target].pk not in results
    assert_no_leak(response)


def test_autocomplete_of_users_is_refused(login):
    response = login("owner").get(
        "/admin/autocomplete/", {"app_label": "apikeys", "model_name": "membership", "field_name": "user"}
    )
    assert response.status_code == 403


def test_a_user_of_several_restaurants_cannot_mix_them(world_a, world_b, users, client):
    manager = users["manager"]
    MembershipFactory(user=manager, restaurant=world_b.restaurant, role="manager")
    client.force_login(manager)
    response = client.get(url("reservations", "table"))
    assert {obj.pk for obj in response.context["cl"].result_list} >= {
        world_a.objects["table"].pk,
        world_b.objects["table"].pk,
    }
    # A block of A cannot take a table of B, nor a section of A move to a floor plan of B.
    data = add_payload("block", world_a)
    data["tables"] = [world_b.objects["table"].pk]
    response = client.post(url("reservations", "block", "add/"), data)
    assert response.status_code == 200
    assert "tables" in response.context["adminform"].form.errors
    section = world_a.objects["section"]
    data = add_payload("section", world_a)
    data.update(floor_plan=world_b.objects["floorplan"].pk, name=section.name)
    response = client.post(url("reservations", "section", f"{section.pk}/change/"), data)
    assert response.status_code == 200
    assert "floor_plan" in response.context["adminform"].form.errors
    section.refresh_from_db()
    assert section.floor_plan_id == world_a.objects["floorplan"].pk


def test_staff_without_membership_sees_nothing(login, world_a):
    client = login("nobody")
    response = client.get("/admin/")
    assert response.status_code == 200
    assert response.context["app_list"] == []
    for app, model in ADMIN_MODELS:
        assert client.get(url(app, model)).status_code == 403
        assert client.get(url(app, model, f"{world_a.objects[model].pk}/change/")).status_code in (302, 403)


def test_superuser_sees_every_restaurant_and_filters_by_restaurant(login, world_a, world_b):
    client = login("superuser")
    for app, model in ADMIN_MODELS:
        response = client.get(url(app, model))
        assert response.status_code == 200
        shown = {obj.pk for obj in response.context["cl"].result_list}
        assert {world_a.objects[model].pk, world_b.objects[model].pk} <= shown, model
    response = client.get(url("reservations", "table"))
    assert "restaurant" in text(response)
    response = client.get(url("reservations", "table", f"?restaurant__id__exact={world_b.restaurant.pk}"))
    assert {obj.pk for obj in response.context["cl"].result_list} == set(
        world_b.restaurant.tables.values_list("pk", flat=True)
    )


def test_owner_does_not_see_restaurant_filter(login):
    response = login("owner").get(url("reservations", "table"))
    specs = response.context["cl"].filter_specs
    assert all(getattr(spec, "field_path", None) != "restaurant" for spec in specs)


@pytest.mark.parametrize(("app", "model"), ADMIN_MODELS, ids=ids)
def test_search_finds_own_objects(login, world_a, app, model):
    response = login("owner").get(url(app, model), {"q": "alpha"})
    assert response.status_code == 200
    assert world_a.objects[model].pk in {obj.pk for obj in response.context["cl"].result_list}
