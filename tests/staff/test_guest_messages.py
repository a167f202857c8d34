"""What the guest hears of the host's moves: a cancel (typed reason) and a decline are e-mailed,
an approval confirms; a partner_managed booking gets none of them."""

import datetime as dt

import pytest
import time_machine
from django.core import mail

from reservations.services import staff
from webhooks.models import OutboxMessage
from webhooks.services import messages

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def locmem_mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def guest_with_email(floor):
    from tests.factories import GuestFactory

    return GuestFactory(restaurant=floor.restaurant, email="guest@example.com", language="en")  # English e-mails


def test_staff_cancel_tells_the_guest(floor, django_capture_on_commit_callbacks):
    booking = floor.book([floor.t4], guest=guest_with_email(floor))
    with django_capture_on_commit_callbacks(execute=True):
        staff.staff_cancel_reservation(reservation=booking, reason="Kitchen flood")
    assert [m.to for m in mail.outbox] == [["guest@example.com"]]
    assert mail.outbox[0].subject.endswith("is cancelled")


def test_approve_confirms_and_decline_tells_the_guest_once_the_undo_window_passed(
    floor, django_capture_on_commit_callbacks
):
    guest = guest_with_email(floor)
    approved = floor.book([floor.t4], status="pending", guest=guest)
    declined = floor.book([floor.t2], status="pending", guest=guest)
    with django_capture_on_commit_callbacks(execute=True):
        staff.approve_reservation(reservation=approved)
        staff.decline_reservation(reservation=declined)
    assert len(mail.outbox) == 1 and "cancelled" not in mail.outbox[0].subject
    with time_machine.travel(dt.datetime.now(dt.UTC) + staff.UNDO_WINDOW + dt.timedelta(seconds=5), tick=False):
        messages.send_due()
    assert len(mail.outbox) == 2 and mail.outbox[1].subject.endswith("is cancelled")


def test_a_decline_undone_in_time_is_never_told(floor, django_capture_on_commit_callbacks):
    declined = floor.book([floor.t2], status="pending", guest=guest_with_email(floor))
    with django_capture_on_commit_callbacks(execute=True):
        staff.decline_reservation(reservation=declined)
        staff.undo_last_move(reservation=declined)
    with time_machine.travel(dt.datetime.now(dt.UTC) + staff.UNDO_WINDOW + dt.timedelta(seconds=5), tick=False):
        messages.send_due()
    assert mail.outbox == []
    assert OutboxMessage.objects.get(payload__reservation_id=declined.pk).status == "sent"  # handled: nothing to say


def test_partner_managed_bookings_hear_nothing_from_staff(floor, django_capture_on_commit_callbacks):
    guest = guest_with_email(floor)
    booking = floor.book([floor.t4], guest=guest, guest_notifications="partner_managed")
    pending = floor.book([floor.t2], status="pending", guest=guest, guest_notifications="partner_managed")
    with django_capture_on_commit_callbacks(execute=True):
        staff.staff_cancel_reservation(reservation=booking, reason="Kitchen flood")
        staff.approve_reservation(reservation=pending)
    assert mail.outbox == []
