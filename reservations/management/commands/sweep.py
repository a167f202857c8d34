"""manage.py sweep: run every periodic sweep of the Celery beat schedule once, now, in this
process (holds past their deadline, idempotency records, and whatever else the schedule lists),
and print what each returned as JSON."""

import json

from django.core.management.base import BaseCommand

from config.celery import app


class Command(BaseCommand):
    help = "Run every periodic sweep (the Celery beat schedule) once, now."

    def handle(self, *args, **options):
        app.loader.import_default_modules()
        results = {}
        for name, entry in sorted(app.conf.beat_schedule.items()):
            task = app.tasks[entry["task"]]
            outcome = task.apply(args=entry.get("args", ()), kwargs=entry.get("kwargs", {}))
            results[name] = {"task": entry["task"], "status": outcome.status, "result": outcome.result}
            if outcome.failed():
                results[name]["result"] = repr(outcome.result)
        self.stdout.write(json.dumps(results, indent=2, default=str))
        if any(item["status"] != "SUCCESS" for item in results.values()):
            raise SystemExit(1)
