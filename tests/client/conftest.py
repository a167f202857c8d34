from tests.e2e.conftest import live_gunicorn  # noqa: F401  (the service under gunicorn)
