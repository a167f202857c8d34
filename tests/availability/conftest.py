"""Fixtures shared by the availability tests; a module's own fixture of the same name wins."""

import pytest
import time_machine

from tests.availability.helpers import NOW, Floor


@pytest.fixture
def frozen_clock():
    """The clock stopped at NOW. Opt in per module: pytestmark = pytest.mark.usefixtures("frozen_clock")."""
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def floor(restaurant):
    return Floor(restaurant)
