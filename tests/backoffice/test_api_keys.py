"""API keys in the back office: minted with the service, secret shown once, revoked, never edited."""

import datetime as dt
import re

import pytest
import time_machine
from rest_framework.test import APIClient

from apikeys.admin import SECRET_SESSION_KEY
from apikeys.models import MAX_LIVE_KEYS, ApiKey
from apikeys.secrets import hash_secret
from tests.backoffice.payloads import add_payload
from tests.factories import make_key

SECRET_RE = re.compile(r'id="api-key-secret"[^>]*>(sk_live_[A-Za-z0-9]+)<')


def mint(client, world, **changes):
    data = {**add_payload("apikey", world), **changes}
    return client.post("/admin/apikeys/apikey/add/", data)


def ping(secret):
    return APIClient().get("/v1/ping", HTTP_AUTHORIZATION=f"Bearer {secret}")


def test_add_form_fields_and_defaults(login, world_a):
    response = login("owner").get("/admin/apikeys/apikey/add/")
    assert response.status_code == 200
    form = response.context["adminform"].form
    assert list(form.fields) == ["name", "restaurant", "scopes", "api_version"]
    assert form.fields["scopes"].initial == ["reservations:read"]
    assert form.fields["restaurant"].initial == world_a.restaurant.pk
    body = response.content.decode()
    assert 'type="checkbox"' in body and "reservations:write:override" in body
    assert "_addanother" not in body and "_continue" not in body


@pytest.mark.parametrize("role", ["owner", "co_owner"])
def test_mint_shows_the_secret_once_then_only_last4(login, world_a, role):
    client = login(role)
    response = mint(client, world_a, scopes=["reservations:read", "reservations:write"])
    assert response.status_code == 302
    key = ApiKey.objects.get(name="New key")
    assert response["Location"] == f"/admin/apikeys/apikey/{key.pk}/secret/"
    assert key.scopes == ["reservations:read", "reservations:write"]
    assert key.created_by.username.startswith("alpha-")
    # The secret waits server-side, in this owner's session; no cookie carries it.
    assert not any(key.last4 in morsel.value for morsel in response.cookies.values())
    assert client.session[SECRET_SESSION_KEY]["key"] == key.pk

    page = client.get(response["Location"])
    assert page.status_code == 200
    assert "no-store" in page["Cache-Control"] or "no-cache" in page["Cache-Control"]
    secret = SECRET_RE.search(page.content.decode()).group(1)
    assert hash_secret(secret) == key.secret_hash
    assert secret.endswith(key.last4)
    assert 'id="copy-api-key-secret"' in page.content.decode()
    assert ping(secret).status_code == 200
    assert ping(secret).json() == {"object": "ping", "ok": True}

    again = client.get(response["Location"])
    body = again.content.decode()
    assert secret not in body and 'id="api-key-secret"' not in body
    assert f"sk_live_...{key.last4}" in body
    assert SECRET_SESSION_KEY not in client.session

    for path in ("/admin/apikeys/apikey/", f"/admin/apikeys/apikey/{key.pk}/change/"):
        body = client.get(path).content.decode()
        assert secret not in body
        assert key.secret_hash not in body
        assert f"sk_live_...{key.last4}" in body


def test_the_secret_is_shown_to_no_other_session(login, world_a, users):
    owner = login("owner")
    response = mint(owner, world_a)
    other = login("co_owner")
    page = other.get(response["Location"])
    assert page.status_code == 200
    assert 'id="api-key-secret"' not in page.content.decode()
    # Owner B cannot even open the page.
    assert login("owner_b").get(response["Location"]).status_code == 404
    # The owner still sees it once: another session's visit did not consume it.
    assert SECRET_RE.search(owner.get(response["Location"]).content.decode())


def test_a_secret_waiting_for_another_key_shows_nothing_and_stays_once(login, world_a):
    client = login("owner")
    response = mint(client, world_a)
    other_key = world_a.objects["apikey"]
    page = client.get(f"/admin/apikeys/apikey/{other_key.pk}/secret/")
    assert page.status_code == 200
    assert 'id="api-key-secret"' not in page.content.decode()
    assert SECRET_RE.search(client.get(response["Location"]).content.decode())


def test_a_secret_left_waiting_more_than_five_minutes_is_never_shown(login, world_a):
    client = login("owner")
    response = mint(client, world_a)
    with time_machine.travel(dt.datetime.now(dt.UTC) + dt.timedelta(minutes=6)):
        page = client.get(response["Location"])
    assert 'id="api-key-secret"' not in page.content.decode()
    assert SECRET_SESSION_KEY not in client.session


def test_the_eleventh_live_key_is_a_form_error(login, world_a):
    for index in range(MAX_LIVE_KEYS - 1):
        make_key(world_a.restaurant, name=f"k{index}")
    client = login("owner")
    response = mint(client, world_a)
    assert response.status_code == 200
    assert "at most 10 live keys" in response.content.decode()
    assert response.context["adminform"].form.non_field_errors()
    assert world_a.restaurant.api_keys.filter(revoked_at__isnull=True).count() == MAX_LIVE_KEYS
    # Revoking one makes room again.
    key = world_a.objects["apikey"]
    client.post(f"/admin/apikeys/apikey/{key.pk}/revoke/")
    assert mint(client, world_a).status_code == 302


def test_bad_scope_combinations_are_form_errors(login, world_a):
    client = login("owner")
    response = mint(client, world_a, scopes=["reservations:write:override"])
    assert response.status_code == 200
    assert "scopes" in response.context["adminform"].form.errors
    response = mint(client, world_a, scopes=[])
    assert "scopes" in response.context["adminform"].form.errors
    response = mint(client, world_a, scopes=["admin:everything"])
    assert "scopes" in response.context["adminform"].form.errors
    response = mint(client, world_a, name="   ")
    assert "name" in response.context["adminform"].form.errors
    assert not ApiKey.objects.filter(name="New key").exists()


def test_keys_cannot_be_edited_or_deleted(login, world_a):
    client = login("owner")
    key = world_a.objects["apikey"]
    response = client.get(f"/admin/apikeys/apikey/{key.pk}/change/")
    assert response.status_code == 200
    assert response.context["has_change_permission"] is False
    assert response.context["adminform"].form.fields == {}
    response = client.post(
        f"/admin/apikeys/apikey/{key.pk}/change/", {"name": "x", "scopes": ["guests:read"], "api_version": "x"}
    )
    assert response.status_code == 403
    assert client.post(f"/admin/apikeys/apikey/{key.pk}/delete/", {"post": "yes"}).status_code == 403
    key.refresh_from_db()
    assert key.name == "ALPHA key" and key.scopes == ["reservations:read"]


def test_revoke_button_and_bulk_action(login, world_a):
    client = login("owner")
    key, secret = make_key(world_a.restaurant, name="to revoke")
    assert ping(secret).status_code == 200
    page = client.get(f"/admin/apikeys/apikey/{key.pk}/change/").content.decode()
    assert f'action="/admin/apikeys/apikey/{key.pk}/revoke/"' in page
    assert client.get(f"/admin/apikeys/apikey/{key.pk}/revoke/").status_code == 405
    response = client.post(f"/admin/apikeys/apikey/{key.pk}/revoke/")
    assert response.status_code == 302
    key.refresh_from_db()
    assert not key.is_live
    assert ping(secret).status_code == 401
    page = client.get(f"/admin/apikeys/apikey/{key.pk}/change/").content.decode()
    assert "revoke/" not in page and "revoked" in page

    other, other_secret = make_key(world_a.restaurant, name="bulk")
    # The bulk action asks first, listing the keys; nothing is revoked until the answer.
    response = client.post("/admin/apikeys/apikey/", {"action": "revoke_selected", "_selected_action": [other.pk]})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Revoke these API keys?" in page and f"sk_live_...{other.last4}" in page
    other.refresh_from_db()
    assert other.is_live and ping(other_secret).status_code == 200
    response = client.post(
        "/admin/apikeys/apikey/",
        {"action": "revoke_selected", "_selected_action": [other.pk], "confirm": "yes"},
    )
    assert response.status_code == 302
    other.refresh_from_db()
    assert not other.is_live
    assert ping(other_secret).status_code == 401


def test_bulk_revoke_cannot_reach_another_restaurant(login, world_b):
    key = world_b.objects["apikey"]
    response = login("owner").post(
        "/admin/apikeys/apikey/", {"action": "revoke_selected", "_selected_action": [key.pk]}
    )
    assert response.status_code in (200, 302)
    key.refresh_from_db()
    assert key.is_live


def test_the_hash_is_never_a_filter(login, world_a):
    key = world_a.objects["apikey"]
    client = login("owner")
    response = client.get("/admin/apikeys/apikey/", {"secret_hash__startswith": key.secret_hash[:2]})
    assert response.status_code == 400
    response = client.get("/admin/apikeys/apikey/", {"q": key.secret_hash[:8]})
    assert list(response.context["cl"].result_list) == []


def test_key_list_columns(login, world_a):
    response = login("owner").get("/admin/apikeys/apikey/")
    body = response.content.decode().replace("<wbr>", "")  # scopes may wrap after a colon
    key = world_a.objects["apikey"]
    for text in (key.name, f"sk_live_...{key.last4}", "reservations:read", key.api_version, "live"):
        assert text in body
    assert key.secret_hash not in body


def test_the_key_list_shows_when_each_key_was_last_used(login, world_a):
    from apikeys import usage

    client = login("owner")
    key, secret = make_key(world_a.restaurant, name="key-in-use")
    unused, _ = make_key(world_a.restaurant, name="key-idle")
    usage._marked.clear()
    assert ping(secret).status_code == 200
    page = client.get("/admin/apikeys/apikey/").content.decode()
    row = page[page.index("key-in-use") :]
    assert "never" not in row[: row.index("</tr>")]  # the fresh mark, read from Redis
    assert "never" in page[page.index("key-idle") :]
    assert usage.persist_key_use() >= 1
    key.refresh_from_db()
    assert key.last_used_at is not None
    unused.refresh_from_db()
    assert unused.last_used_at is None
