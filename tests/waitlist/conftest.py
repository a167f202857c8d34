from tests.reservations.conftest import bistro, clock, no_guests, reader, writer  # noqa: F401  (shared fixtures)
