from tests.reservations.conftest import bistro, clock  # noqa: F401  (fixtures of tests/platform/test_strict_input.py)
