"""The README's quickstart, run as a new partner runs it: the demo restaurant and key of `make run`
(`manage.py demo`), then the README's block pasted with the printed key, against the live service."""

import io
import os
import re
import subprocess
from pathlib import Path

from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
MARKER = "<!-- quickstart"


def quickstart_block() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    after = text[text.index(MARKER) :]
    return re.search(r"```sh\n(.*?)```", after, flags=re.S).group(1)


def test_the_readme_quickstart_books_a_table(live_gunicorn, transactional_db, settings):
    out = io.StringIO()
    call_command("demo", stdout=out)
    secret = re.search(r"API key:\s+(sk_live_\S+)", out.getvalue()).group(1)
    script = quickstart_block()
    assert "export API_KEY=sk_live_..." in script
    script = script.replace("sk_live_...", secret)
    result = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=ROOT,
        env={**os.environ, "BASE_URL": live_gunicorn.url},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    reservation_id, status, _starts_at = result.stdout.split()
    assert reservation_id.startswith("resv_") and status == "confirmed"

    from reservations.models import Reservation

    booking = Reservation.objects.get(public_id=reservation_id)
    assert booking.restaurant.slug == "le-petit-demo" and booking.party_size == 2
