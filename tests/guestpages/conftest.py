from tests.guarantees.conftest import clock, locmem_mail  # noqa: F401  (the same world as tests/guarantees)
