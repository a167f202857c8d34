"""Benchmarks: the service under gunicorn on loopback against a seeded bench database.

Not collected by pytest (no test_ modules). Run them with `make bench` (scripts/bench.sh)
or one by one: `python -m tests.bench.bench_platform` and so on. See docs/performance.md.
"""
