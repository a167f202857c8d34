from config.celery import app


def test_every_periodic_task_is_a_registered_task():
    app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in app.conf.beat_schedule.values()}
    assert scheduled >= {
        "holds.tasks.sweep_holds",
        "apikeys.tasks.purge_idempotency_records",
        "guests.tasks.recompute_guest_statistics",
        "waitlist.tasks.expire_waitlist_entries",
        "apikeys.tasks.persist_key_use",
        "holds.tasks.expire_basket_holds",
        "webhooks.tasks.sweep",
        "guestpages.tasks.sweep_card_requests",
        "guestpages.tasks.invite_feedback",
    }
    assert scheduled <= set(app.tasks)


def test_card_requests_are_swept_every_minute():
    assert app.conf.beat_schedule["sweep-card-requests"]["schedule"] == 60.0


def test_holds_are_swept_every_five_minutes():
    assert app.conf.beat_schedule["sweep-holds"]["schedule"] == 300.0


def test_the_outbox_is_swept_every_five_seconds_and_basket_holds_every_thirty():
    assert app.conf.beat_schedule["sweep-outbox"]["schedule"] == 5.0
    assert app.conf.beat_schedule["expire-basket-holds"]["schedule"] == 30.0
