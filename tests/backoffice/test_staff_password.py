"""An owner e-mails a staff member a link to choose a new password (admin action and support
command, one service); the link works once; other restaurants' owners cannot."""

import json
import re
from io import StringIO

from django.core import mail
from django.core.management import call_command
from django.test import Client

from apikeys.models import Membership


def test_owner_sends_a_reset_link_that_sets_a_new_password(login, users, world_a, django_capture_on_commit_callbacks):
    host = users["host"]
    host.email = "host@example.com"
    host.save()
    membership = Membership.objects.get(user=host)
    with django_capture_on_commit_callbacks(execute=True):
        response = login("owner").post(
            "/admin/apikeys/membership/",
            {"action": "send_password_reset_selected", "_selected_action": [membership.pk]},
            follow=True,
        )
    assert "1 password link(s) sent" in response.content.decode()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["host@example.com"]
    link = re.search(r"http\S+/staff/password/\S+/", mail.outbox[0].body).group(0)
    path = link.split("://", 1)[1].split("/", 1)[1]
    client = Client()
    page = client.get("/" + path, follow=True)
    assert page.status_code == 200
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else "/" + path
    new = "a brand new long passphrase 42"
    done = client.post(form_url, {"new_password1": new, "new_password2": new}, follow=True)
    assert done.status_code == 200
    host.refresh_from_db()
    assert host.check_password(new)
    assert client.get(form_url).context["validlink"] is False  # used once


def test_managers_and_other_owners_cannot_send_it(login, users, world_a):
    membership = Membership.objects.get(user=users["host"])
    for role in ("manager", "owner_b"):
        response = login(role).post(
            "/admin/apikeys/membership/",
            {"action": "send_password_reset_selected", "_selected_action": [membership.pk]},
        )
        assert response.status_code in (200, 302, 403)
    assert mail.outbox == []


def test_support_command_sends_it_too(users, world_a, django_capture_on_commit_callbacks):
    host = users["host"]
    host.email = "h@example.com"
    host.save()
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("staff", "reset-password", world_a.restaurant.slug, host.username, stdout=out)
    shown = json.loads(out.getvalue())
    assert shown["sent_to"] == "h@example.com" and "/staff/password/" in shown["link"]
    assert len(mail.outbox) == 1
