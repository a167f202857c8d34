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
    }
    assert scheduled <= set(app.tasks)


def test_holds_are_swept_every_five_minutes():
    assert app.conf.beat_schedule["sweep-holds"]["schedule"] == 300.0
