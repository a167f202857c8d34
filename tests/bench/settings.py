"""Bench-only settings: the project's settings plus the bench URLs (a bare Django view)."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "tests.bench.urls"
