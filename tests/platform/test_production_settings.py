"""Production settings: with DEBUG off the service needs its own SECRET_KEY and is HTTPS-only by
default; INSECURE_LOCAL_HTTP=1 (set by make run / make test / make bench) serves loopback over http.

Settings are read once per process, so every case runs a fresh Python process with an
environment built here from nothing (never this test run's SECRET_KEY or INSECURE_LOCAL_HTTP).
"""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOST = "reservations.example.com"
YEAR = 365 * 24 * 3600
HTTPS_SETTINGS = [
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
]
SECURE_DEFAULTS = {
    "SECURE_PROXY_SSL_HEADER": None,
    "SECURE_SSL_REDIRECT": True,
    "SECURE_HSTS_SECONDS": YEAR,
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
    "SECURE_HSTS_PRELOAD": False,
    "SESSION_COOKIE_SECURE": True,
    "CSRF_COOKIE_SECURE": True,
}


def bare_env(**variables) -> dict:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LOG_LEVEL": "WARNING"}
    for name in ("DATABASE_URL", "REDIS_URL"):
        if name in os.environ:
            env[name] = os.environ[name]
    env.update(variables)
    return env


def production_env(**variables) -> dict:
    """DEBUG off, a real host, a long random key: nothing about HTTPS is set."""
    production = {
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "CSRF_TRUSTED_ORIGINS": f"https://{HOST}",
        "BASE_URL": f"https://{HOST}",
    }
    return bare_env(**{**production, **variables})


def loopback_env(**variables) -> dict:
    """What scripts/lib.sh gives make run and make test: DEBUG off, a key, plain http on loopback."""
    return bare_env(**{"DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50), "INSECURE_LOCAL_HTTP": "1", **variables})


def python(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )


def https_settings(env: dict) -> dict:
    code = f"import json, config.settings as s; print(json.dumps({{n: getattr(s, n) for n in {HTTPS_SETTINGS!r}}}))"
    result = python(env, "-c", code)
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    if values["SECURE_PROXY_SSL_HEADER"] is not None:
        values["SECURE_PROXY_SSL_HEADER"] = tuple(values["SECURE_PROXY_SSL_HEADER"])
    return values


# Requests through Django's test client in the child process (the views asked need no database).
REQUESTS = """
import json, os, sys
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
import django
django.setup()
from django.test import Client

def answer(response):
    csrf = response.cookies.get("csrftoken")
    return {
        "status": response.status_code,
        "location": response.get("Location"),
        "hsts": response.get("Strict-Transport-Security"),
        "csrf_cookie_secure": None if csrf is None else bool(csrf["secure"]),
        "content_type": response.get("Content-Type"),
    }

client = Client(HTTP_HOST=sys.argv[1])
headers = json.loads(sys.argv[2])
print(json.dumps({path: answer(client.get(path, **headers)) for path in ("/admin/login/", "/v1/ping")}))
"""


def get(env: dict, host: str, **headers) -> dict:
    result = python(env, "-c", REQUESTS, host, json.dumps(headers))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


# ------------------------------------------------------------------ SECRET_KEY


@pytest.mark.parametrize("key", [None, "", "   "], ids=["unset", "empty", "blank"])
@pytest.mark.parametrize("entry", [["manage.py", "check"], ["-c", "import config.wsgi"]], ids=["manage.py", "wsgi"])
def test_debug_off_without_a_secret_key_refuses_to_start(entry, key):
    env = production_env()
    del env["SECRET_KEY"]
    if key is not None:
        env["SECRET_KEY"] = key
    result = python(env, *entry)
    assert result.returncode != 0
    assert "django.core.exceptions.ImproperlyConfigured: SECRET_KEY is not set." in result.stderr
    assert "set the SECRET_KEY environment variable" in result.stderr


def test_debug_on_starts_without_a_secret_key():
    result = python(bare_env(DEBUG="1"), "manage.py", "check")
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout


# ------------------------------------------------------------------ check --deploy


def test_check_deploy_is_clean_under_production_settings():
    result = python(production_env(), "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues" in result.stdout
    assert "WARNINGS" not in output and "identified some issues" not in output


def test_check_deploy_would_catch_the_loopback_settings():
    """The check above can fail: on plain http (the laptop switch) it names what is missing."""
    result = python(loopback_env(), "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    for check in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert check in result.stderr, check


# ------------------------------------------------------------------ HTTPS settings


def test_debug_off_is_https_only_by_default():
    assert https_settings(production_env()) == SECURE_DEFAULTS


def test_each_https_setting_comes_from_the_environment():
    env = production_env(
        SECURE_PROXY_SSL_HEADER="HTTP_X_FORWARDED_PROTO,https",
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="3600",
        SECURE_HSTS_INCLUDE_SUBDOMAINS="0",
        SECURE_HSTS_PRELOAD="1",
        SESSION_COOKIE_SECURE="false",
        CSRF_COOKIE_SECURE="no",
    )
    assert https_settings(env) == {
        "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https"),
        "SECURE_SSL_REDIRECT": False,
        "SECURE_HSTS_SECONDS": 3600,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": False,
        "SECURE_HSTS_PRELOAD": True,
        "SESSION_COOKIE_SECURE": False,
        "CSRF_COOKIE_SECURE": False,
    }


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("SECURE_PROXY_SSL_HEADER", "X-Forwarded-Proto,https", "SECURE_PROXY_SSL_HEADER must be <META name>,<value>"),
        ("SECURE_PROXY_SSL_HEADER", "HTTP_X_FORWARDED_PROTO", "SECURE_PROXY_SSL_HEADER must be <META name>,<value>"),
        ("SECURE_PROXY_SSL_HEADER", "HTTP_X_FORWARDED_PROTO,https,http", "SECURE_PROXY_SSL_HEADER must be"),
        ("SECURE_HSTS_SECONDS", "one year", "SECURE_HSTS_SECONDS must be a whole number"),
    ],
)
def test_a_malformed_value_refuses_to_start(name, value, message):
    result = python(production_env(**{name: value}), "manage.py", "check")
    assert result.returncode != 0
    assert message in result.stderr


def test_the_loopback_switch_turns_the_https_defaults_off():
    assert https_settings(loopback_env()) == {
        **SECURE_DEFAULTS,
        "SECURE_SSL_REDIRECT": False,
        "SECURE_HSTS_SECONDS": 0,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": False,
        "SESSION_COOKIE_SECURE": False,
        "CSRF_COOKIE_SECURE": False,
    }


def test_debug_on_turns_the_https_defaults_off():
    values = https_settings(bare_env(DEBUG="1"))
    assert not values["SECURE_SSL_REDIRECT"] and values["SECURE_HSTS_SECONDS"] == 0
    assert not values["SESSION_COOKIE_SECURE"] and not values["CSRF_COOKIE_SECURE"]


@pytest.mark.parametrize("hosts", [HOST, f"127.0.0.1,{HOST}", "*"])
def test_the_loopback_switch_is_refused_for_a_real_host(hosts):
    result = python(production_env(ALLOWED_HOSTS=hosts, INSECURE_LOCAL_HTTP="1"), "manage.py", "check")
    assert result.returncode != 0
    assert "ImproperlyConfigured: INSECURE_LOCAL_HTTP is only for loopback" in result.stderr


# ------------------------------------------------------------------ what clients see


def test_production_redirects_plain_http_to_https():
    answers = get(production_env(), HOST)
    assert answers["/admin/login/"]["status"] == 301
    assert answers["/admin/login/"]["location"] == f"https://{HOST}/admin/login/"
    assert answers["/v1/ping"]["status"] == 301
    assert answers["/v1/ping"]["location"] == f"https://{HOST}/v1/ping"


def test_production_behind_a_tls_proxy_sends_hsts_and_secure_cookies():
    env = production_env(SECURE_PROXY_SSL_HEADER="HTTP_X_FORWARDED_PROTO,https")
    answers = get(env, HOST, HTTP_X_FORWARDED_PROTO="https")
    login = answers["/admin/login/"]
    assert login["status"] == 200
    assert login["hsts"] == f"max-age={YEAR}; includeSubDomains"
    assert login["csrf_cookie_secure"] is True
    assert answers["/v1/ping"]["status"] == 401
    assert answers["/v1/ping"]["content_type"] == "application/json"
    # The same proxy forwarding a plain http request: redirected.
    assert get(env, HOST, HTTP_X_FORWARDED_PROTO="http")["/admin/login/"]["status"] == 301


def test_the_loopback_setup_serves_plain_http_without_redirects():
    answers = get(loopback_env(), "127.0.0.1")
    login, ping = answers["/admin/login/"], answers["/v1/ping"]
    assert login["status"] == 200 and login["hsts"] is None and login["csrf_cookie_secure"] is False
    assert ping["status"] == 401 and ping["location"] is None and ping["content_type"] == "application/json"


# ------------------------------------------------------------------ the laptop's SECRET_KEY


def test_the_scripts_make_one_development_key_and_keep_it(tmp_path):
    """scripts/lib.sh's local_dev_env, run from a copy of scripts/ so this checkout's var/ is untouched."""
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "lib.sh").write_text((ROOT / "scripts" / "lib.sh").read_text())
    show = 'source scripts/lib.sh && local_dev_env && echo "$SECRET_KEY $INSECURE_LOCAL_HTTP"'

    def run(**variables):
        result = subprocess.run(
            ["bash", "-c", show], cwd=tmp_path, env=bare_env(**variables), capture_output=True, text=True, timeout=30
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.split()

    key, insecure_local_http = run()
    key_file = tmp_path / "var" / "dev-secret-key"
    assert key == key_file.read_text().strip() and len(key) >= 50
    assert key_file.stat().st_mode & 0o077 == 0
    assert insecure_local_http == "1"
    assert run() == [key, "1"]
    assert run(SECRET_KEY="from-the-environment", INSECURE_LOCAL_HTTP="0") == ["from-the-environment", "0"]
