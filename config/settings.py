"""Settings, read from the environment.

The defaults are production's: with DEBUG off the process needs SECRET_KEY and gets HTTPS-only
cookies, HSTS and the HTTPS redirect. `make run`, `make test` and `make bench` supply a
development key and INSECURE_LOCAL_HTTP=1 themselves (`local_dev_env` in scripts/lib.sh).
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.") from None


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "").strip()
if not SECRET_KEY:
    if not DEBUG:
        # A key published in the repository would let anyone forge sessions and signed cookies.
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With DEBUG off the service needs its own secret key: set the SECRET_KEY "
            "environment variable to a long random value, e.g. "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'. "
            "(`make run` and `make test` set a development key themselves, kept in var/dev-secret-key.)"
        )
    SECRET_KEY = "django-insecure-debug-only-key"  # DEBUG on: a laptop; `check --deploy` flags the prefix

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "http://localhost:8000,http://127.0.0.1:8000")

# HTTPS. On by default whenever DEBUG is off, so a deployment gets it without setting anything.
# INSECURE_LOCAL_HTTP=1 turns the defaults off for the laptop commands that serve plain
# http://127.0.0.1 with DEBUG off (make run, make test and its gunicorn, make bench), where secure
# cookies would break every back-office login and the redirect every request. It is refused unless
# every allowed host is loopback, so a copied variable cannot put a real host on plain http.
LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "[::1]", "testserver"}
INSECURE_LOCAL_HTTP = env_bool("INSECURE_LOCAL_HTTP", False)
if INSECURE_LOCAL_HTTP and not set(ALLOWED_HOSTS) <= LOOPBACK_HOSTS:
    raise ImproperlyConfigured(
        "INSECURE_LOCAL_HTTP is only for loopback, but ALLOWED_HOSTS also names "
        f"{', '.join(sorted(set(ALLOWED_HOSTS) - LOOPBACK_HOSTS))}. Unset INSECURE_LOCAL_HTTP to serve them over HTTPS."
    )
HTTPS_DEFAULTS = not DEBUG and not INSECURE_LOCAL_HTTP


def env_proxy_ssl_header() -> tuple[str, str] | None:
    """SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO,https -> ("HTTP_X_FORWARDED_PROTO", "https")."""
    value = os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip()
    if not value:
        return None
    header, _, expected = (part.strip() for part in value.partition(","))
    if not header.startswith("HTTP_") or not expected or "," in expected:
        raise ImproperlyConfigured(
            f"SECURE_PROXY_SSL_HEADER must be <META name>,<value>, e.g. HTTP_X_FORWARDED_PROTO,https; not {value!r}."
        )
    return header, expected


# Only behind a proxy that sets this header on every request (and drops a client's own):
# Django then takes the request for HTTPS when the header has this value.
SECURE_PROXY_SSL_HEADER = env_proxy_ssl_header()
# Behind a TLS-terminating proxy, set SECURE_PROXY_SSL_HEADER or this redirects forever.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS_DEFAULTS)
# A balancer checks its nodes over plain HTTP on the private network (config/ops/health.py).
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 365 * 24 * 3600 if HTTPS_DEFAULTS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS_DEFAULTS)
# Preloading commits the whole registrable domain to HTTPS in browsers for months and is slow to
# undo: the domain owner's decision, so opt-in (and `check --deploy`'s reminder is silenced below).
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS_DEFAULTS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", HTTPS_DEFAULTS)
SILENCED_SYSTEM_CHECKS = ["security.W021"]  # SECURE_HSTS_PRELOAD off (see above)

# Public address of this service, used to build absolute links (booking pages).
BASE_URL = os.environ.get("BASE_URL", "http://127.0.0.1:8000").rstrip("/")
# Where the partner documentation lives (served by this service at /docs): every error's
# doc_url is "{DOCS_URL}/api/errors#<code>".
DOCS_URL = os.environ.get("DOCS_URL", f"{BASE_URL}/docs").rstrip("/")

INSTALLED_APPS = [
    # Django's admin with the back office's site (home page, day sheet): backoffice/apps.py.
    "backoffice.apps.BackOfficeAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "axes",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "apikeys",
    "reservations",
    "guests",
    "holds",
    "waitlist",
    "webhooks",
    "setup_file",
    "backoffice",
    "guestpages",
]

MIDDLEWARE = [
    "config.api.middleware.ApiEnvelopeMiddleware",
    # The request log line and the request metrics; a read that lost its connection, answered again.
    "config.ops.observe.RequestObserverMiddleware",
    "config.postgresql.replica.WritePositionMiddleware",  # a /v1 write's WAL position, for reads from the standby
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # request.htmx: the host's pages answer a tap with the fragments it changed (backoffice/).
    "django_htmx.middleware.HtmxMiddleware",
    "backoffice.middleware.RestaurantTimezoneMiddleware",
    # A restaurant busy past its lock's wait, in words, anywhere under /admin/ (backoffice/busy.py).
    "backoffice.busy.BusyRestaurantMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # The back office's Content-Security-Policy (/admin/, /staff/): scripts and styles from the service only.
    "backoffice.middleware.ContentSecurityPolicyMiddleware",
    # Last, as Axes requires: turns a login refused for a lockout into its 429 answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/reservations")
# Django's PostgreSQL backend with psycopg's C timestamp loader (config/postgresql). Health checks: a persistent
# connection that died (database restart, failover) is replaced before a request uses it, not failing it with a
# 500. One test database per test process, so parallel test runs on one machine never collide.
_DATABASE = {"engine": "config.postgresql", "conn_max_age": 600, "conn_health_checks": True}
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, **_DATABASE)}
DATABASES["default"]["TEST"] = {"NAME": os.environ.get("TEST_DATABASE_NAME") or f"test_reservations_{os.getpid()}"}
# The streaming standby, for availability and the lists (config/postgresql/replica.py); a test run: `default`.
if _replica_url := os.environ.get("DATABASE_REPLICA_URL"):
    DATABASES["replica"] = {**dj_database_url.parse(_replica_url, **_DATABASE), "TEST": {"MIRROR": "default"}}
    DATABASE_ROUTERS = ["config.postgresql.replica.Router"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Availability bodies kept per process by their ETag (reservations/api/answer_cache.py); 0: off.
AVAILABILITY_ANSWER_CACHE_SIZE = int(os.environ.get("AVAILABILITY_ANSWER_CACHE_SIZE", "256"))
# Occupancy rows kept per process between availability answers, with the engine's work over them
# (reservations/selectors/kept_occupancy.py; about 22 MB at the default); 0: off.
AVAILABILITY_OCCUPANCY_CACHE_ROWS = int(os.environ.get("AVAILABILITY_OCCUPANCY_CACHE_ROWS", "100000"))

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")

# Back-office accounts mint API keys and see guest data behind a password alone: 12 characters
# at least (OWASP ASVS 4.0 V2.1.1), not close to the username or e-mail, not common, not all digits.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 12}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Back-office login throttling (django-axes): 5 wrong passwords from one address (whatever the
# usernames: a spray) or for one username (from whatever addresses) lock that address or that
# username out for 15 minutes (each further try restarts the wait); a right password clears the
# count of its address and username. The /v1 API never calls Django's authenticate(): Bearer keys
# are untouched. Behind TRUSTED_PROXY_COUNT proxies the address is read from X-Forwarded-For.
AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out address or username before any password check (Axes' AxesStandaloneBackend,
    # letting through the authenticate() calls made without a request: test client, shell).
    "config.login_throttling.HttpLoginThrottlingBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "config.login_throttling.client_address"
# Reverse proxies in front of gunicorn that append the client's address to X-Forwarded-For (HAProxy's
# `option forwardfor`): 1 behind `make cluster`'s proxy. 0: REMOTE_ADDR is the client's.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
# The back office's log-in: a `next` off the site (or none) lands on the back office's home.
LOGIN_URL = "/admin/login/"
LOGIN_REDIRECT_URL = "/admin/"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
# The guest pages and e-mails (reservations/guest_language.py): English and French translated here.
LOCALE_PATHS = [BASE_DIR / "locale"]
# Our English formats: the back office's times read 24-hour HH:MM (config/locale_formats/en).
FORMAT_MODULE_PATH = ["config.locale_formats"]
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "var" / "static"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Request bodies above 1 MiB are refused with 400 bad_request (decisions.md).
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
APPEND_SLASH = False

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "bookings@localhost")
if os.environ.get("EMAIL_FILE_PATH"):  # the file backend's directory (tests of the worker read it)
    EMAIL_FILE_PATH = os.environ["EMAIL_FILE_PATH"]

# Card guarantees (reservations/payments). A restaurant picks its provider (Restaurant.payment_provider).
# The Stripe account's keys are the service's, read from the environment, never stored in the database.
# Without STRIPE_SECRET_KEY a restaurant on Stripe cannot take card payments (payments_suspended);
# without STRIPE_WEBHOOK_SECRET POST /payments/stripe/webhook answers 503 (Stripe retries later).
STRIPE_SECRET_KEY = os.environ.get("STRIPE_SECRET_KEY", "").strip()
STRIPE_WEBHOOK_SECRET = os.environ.get("STRIPE_WEBHOOK_SECRET", "").strip()
# The account's publishable key, for Stripe.js on the guest's card step (public by design).
STRIPE_PUBLISHABLE_KEY = os.environ.get("STRIPE_PUBLISHABLE_KEY", "").strip()
# Another Stripe API address (stripe-mock, a recording server); empty: Stripe's own.
STRIPE_API_BASE = os.environ.get("STRIPE_API_BASE", "").strip()
STRIPE_MAX_NETWORK_RETRIES = env_int("STRIPE_MAX_NETWORK_RETRIES", 2)
# Seconds a webhook's signature stays valid (Stripe's default): an older one is refused as a replay.
STRIPE_WEBHOOK_TOLERANCE = env_int("STRIPE_WEBHOOK_TOLERANCE", 300)
# The built-in test provider (test card numbers only). 0: a restaurant left on it answers
# payments_suspended instead of accepting test cards as guarantees.
PAYMENTS_TEST_PROVIDER = env_bool("PAYMENTS_TEST_PROVIDER", True)

# How long a process trusts a cached API key (apikeys.authentication): a revoked key is refused by
# every process within this many seconds (at once in the process that revokes it). 0: no cache.
API_KEY_CACHE_SECONDS = float(os.environ.get("API_KEY_CACHE_SECONDS", "1"))

REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": ["config.api.renderers.FastJSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_AUTHENTICATION_CLASSES": ["apikeys.authentication.ApiKeyAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": [],
    "EXCEPTION_HANDLER": "config.api.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "config.api.schema.ApiAutoSchema",
    "UNAUTHENTICATED_USER": None,
    "UNAUTHENTICATED_TOKEN": None,
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

# Where the API platform (config/api) keeps idempotent responses: it imports no app.
IDEMPOTENCY_STORE = "apikeys.idempotency.DatabaseStore"

# The OpenAPI document (GET /v1/openapi.json; `manage.py spectacular`), derived from the
# viewsets, their serializers and filter sets, and the response shapes (config/shapes.py).
SPECTACULAR_SETTINGS = {
    "TITLE": "Restaurant Reservation API",
    "VERSION": "2026-06-27",
    "DESCRIPTION": (
        "Partner API for the table reservations of one restaurant per key: booking policy, seating areas, "
        "day and month availability, holds, and reservations with their lifecycle events.\n\n"
        "- **Authentication**: `Authorization: Bearer sk_live_...` on every request (except this document). "
        "A key belongs to exactly one restaurant; there is no sandbox: every key is live.\n"
        "- **Versioning**: the path prefix `/v1` is stable; behaviour is versioned by the dated `Service-Version` "
        "header (default: the key's pinned version), echoed on every response.\n"
        "- **Times**: every `service_date` and `HH:MM` is wall-clock time in the restaurant's `timezone`; "
        "timestamps are ISO 8601 with the restaurant's offset. Amounts are integers in the smallest currency unit.\n"
        "- **Errors**: `{error: {type, code, message, param?, doc_url, violations?}}`; branch on `code`.\n"
        "- **Idempotency**: writes accept `Idempotency-Key` (required on `POST /v1/holds` and "
        "`POST /v1/reservations`); a retry replays the first success with `Idempotent-Replayed: true`.\n"
        "- **Lists**: `{object: list, data, has_more}` with `limit`, `starting_after`, `ending_before`.\n"
        "- **Rate limits**: per restaurant across its keys, a read and a write budget, reported in `RateLimit-*` "
        "headers; 429 `rate_limited` with `Retry-After`.\n"
        "- **Unknown input is refused**: an unknown query parameter or body field is 400 naming it in `param`."
    ),
    "OAS_VERSION": "3.1.0",
    "SERVERS": [{"url": BASE_URL, "description": "The production base address (every key is live)."}],
    "EXTERNAL_DOCS": {"url": DOCS_URL, "description": "Guides and error codes"},
    # The reference page (/docs/api/reference) serves Redoc from the sidecar package: no CDN.
    "REDOC_DIST": "SIDECAR",
    "REDOC_UI_SETTINGS": {"hideDownloadButton": False, "expandResponses": "200,201"},
    "TAGS": [
        {"name": "Ping", "description": "Check a key."},
        {"name": "Configuration", "description": "The restaurant's booking policy."},
        {"name": "Sections", "description": "The restaurant's seating areas."},
        {"name": "Availability", "description": "What can be booked, per day and per month."},
        {"name": "Holds", "description": "Slots taken off sale without a booking."},
        {"name": "Reservations", "description": "Bookings and their lifecycle events."},
        {"name": "Waitlist", "description": "Parties waiting for a table (read only)."},
        {"name": "Guests", "description": "The restaurant's guest book (needs `guests:read`)."},
    ],
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/v1",
    "COMPONENT_SPLIT_REQUEST": True,
    "COMPONENT_SPLIT_PATCH": False,
    # Keep the URL conf's order (ping, policy, availability, holds, reservations).
    "SORT_OPERATIONS": False,
    "SORT_OPERATION_PARAMETERS": False,
    # Enums stay inline (no hoisting into `...Enum` components); the hooks add every response
    # shape (so nested references resolve), the response headers and the shared error responses.
    "POSTPROCESSING_HOOKS": [
        "config.api.openapi.add_shape_components",
        "config.api.schema_components.add_common_components",
    ],
    "ENUM_GENERATE_CHOICE_DESCRIPTION": False,
}

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL)
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_BEAT_SCHEDULE_FILENAME = str(BASE_DIR / "var" / "celerybeat-schedule")
# Publishing fails fast when the broker is down: the outbox rows are already committed and the sweep rings
# for them later (webhooks/doorbell.py). Without max_retries a publish retries for seconds (a booking waits).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 1,
    "socket_timeout": 2,
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.1,
    "interval_max": 0.1,
}
# A process rings the outbox doorbell (webhooks/doorbell.py) at most once per this many seconds;
# the commits in between are covered by one ring at the end of the interval.
OUTBOX_RING_INTERVAL = float(os.environ.get("OUTBOX_RING_INTERVAL", "0.05"))
# A pool process takes one task at a time: a delivery hanging on a slow receiver never sits on
# tasks of other endpoints that another process could run.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1

# --- Webhooks and the outbox (docs/design.md, "Webhooks") ---
# Networks a receiver may sit in although they are loopback/private/link-local (comma-separated
# CIDRs, e.g. "127.0.0.0/8,::1/128" for a receiver on this machine). Empty: public addresses only.
WEBHOOK_ALLOWED_NETWORKS = [n.strip() for n in os.environ.get("WEBHOOK_ALLOWED_NETWORKS", "").split(",") if n.strip()]
# Seconds for a receiver to answer 2xx.
WEBHOOK_TIMEOUT = float(os.environ.get("WEBHOOK_TIMEOUT", "15"))
# Seconds between attempts (comma-separated); empty: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
WEBHOOK_RETRY_DELAYS = [int(n) for n in os.environ.get("WEBHOOK_RETRY_DELAYS", "").split(",") if n.strip()]
# Fernet keys (comma-separated, newest first) encrypting the signing secrets; empty: derived from SECRET_KEY.
WEBHOOK_SECRET_KEYS = [k.strip() for k in os.environ.get("WEBHOOK_SECRET_KEYS", "").split(",") if k.strip()]

# LOG_FORMAT=json (the cluster, production): JSON lines, with the request log (config/ops/observe.py).
JSON_LOGS = os.environ.get("LOG_FORMAT", "plain") == "json"
REQUEST_LOG = env_bool("REQUEST_LOG", JSON_LOGS)
_LINE = "%(asctime)s %(levelname)s %(name)s %(message)s"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": _LINE},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": _LINE,
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },  # fmt: skip
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json" if JSON_LOGS else "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # Axes logs every login and every counter reset at INFO; lockouts are WARNING and stay.
    "loggers": {"django.db.backends": {"level": "WARNING"}, "axes": {"level": "WARNING"}},
}
