"""What this code was generated from (clients/python/generate.py)."""

API_VERSION = "2026-06-27"
