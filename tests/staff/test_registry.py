"""One registry of staff moves (reservations.services.staff.registry): the admin's actions, the
command's subcommands and the card's buttons all come from it, and each move's declared statuses
are the ones its service allows."""

import datetime as dt

import pytest
from django.contrib import admin
from django.core.management import load_command_class

from reservations.exceptions import StatusMoveNotAllowed
from reservations.models import Reservation
from reservations.models.booking import ReservationStatus
from reservations.services.staff.registry import MOVES, card_moves
from tests.staff.conftest import DAY

pytestmark = pytest.mark.django_db


def test_the_admin_offers_every_one_tap_move_of_the_registry_and_nothing_else():
    actions = {name for name in admin.site._registry[Reservation].actions if isinstance(name, str)} | {
        action.__name__ for action in admin.site._registry[Reservation].actions if callable(action)
    }
    assert actions == {move.name for move in MOVES.values() if move.admin}
    assert {"move", "cancel"}.isdisjoint(actions)  # they ask for more than one tap


def test_the_command_has_a_subcommand_for_every_move():
    command = load_command_class("reservations", "booking")
    parser = command.create_parser("manage.py", "booking")
    subcommands = parser._subparsers._group_actions[0].choices
    for move in MOVES.values():
        assert move.command in subcommands, move.command
    assert {"phone", "walk-in", "release-hold"} <= set(subcommands)


NOW = dt.datetime(2026, 12, 5, 19, 0, tzinfo=dt.UTC)  # 20:00 in Paris, on the service date


@pytest.mark.parametrize("status", [s for s in ReservationStatus.values if s not in ("held", "awaiting_guest")])
@pytest.mark.parametrize("name", ["approve", "seat", "partially_seat", "complete", "no_show"])
def test_a_move_is_on_the_card_exactly_when_its_service_allows_it(floor, clock, status, name):
    clock.move_to(NOW)
    booking = floor.book([floor.t4], status=status, at=dt.time(19, 30))
    offered = name in {m.name for m in card_moves(status, DAY, DAY, booking.starts_at, NOW)}
    try:
        MOVES[name].service(reservation=booking, **MOVES[name].kwargs(confirmed=frozenset(MOVES[name].warnings)))
    except StatusMoveNotAllowed:
        allowed = False
    else:
        allowed = True
    assert offered == allowed, (name, status)
