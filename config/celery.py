"""The Celery app: Redis broker, tasks discovered in every app, periodic sweeps."""

import os

from celery import Celery
from celery.schedules import crontab
from celery.signals import worker_process_shutdown, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("reservations_service")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

app.conf.beat_schedule = {
    "prune-occupancy-log": {"task": "reservations.tasks.prune_occupancy_log", "schedule": 600.0},
    "sweep-holds": {"task": "holds.tasks.sweep_holds", "schedule": 300.0},
    "expire-basket-holds": {"task": "holds.tasks.expire_basket_holds", "schedule": 30.0},
    # The outbox: rows whose doorbell was lost, retries that fell due, endpoints to disable.
    "sweep-outbox": {"task": "webhooks.tasks.sweep", "schedule": 5.0},
    "persist-key-use": {"task": "apikeys.tasks.persist_key_use", "schedule": 300.0},
    "sweep-card-requests": {"task": "guestpages.tasks.sweep_card_requests", "schedule": 60.0},
    "invite-feedback": {"task": "guestpages.tasks.invite_feedback", "schedule": 900.0},
    "purge-idempotency-records": {
        "task": "apikeys.tasks.purge_idempotency_records",
        "schedule": crontab(minute=17),
    },
    "recompute-guest-statistics": {"task": "guests.tasks.recompute_guest_statistics", "schedule": crontab(minute=7)},
    "expire-waitlist-entries": {"task": "waitlist.tasks.expire_waitlist_entries", "schedule": 300.0},
}


@worker_ready.connect
def _serve_metrics(**_):
    """With METRICS_PORT set (the cluster), the worker's main process serves its pool's metrics."""
    from config.ops.metrics import serve_metrics

    serve_metrics()


@worker_process_shutdown.connect
def _process_gone(pid=None, **_):
    from config.ops.metrics import process_exited

    process_exited(pid or os.getpid())
