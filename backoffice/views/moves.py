"""A tap on a move: the registry's service for it (reservations.services.staff.registry), made as
the user's role, and the page updated in place (htmx) or, without JavaScript, a redirect back.

A move only online rules stand against comes back as its warnings in words, with one button that
sends it again confirmed (re-checked under the lock: a warning that appeared since is asked again).
"""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.views.decorators.http import require_POST

from backoffice.views.board import board_for, fragments
from backoffice.views.common import Urls, actor, back_to, booking_for, light_context, parse_date, view_of
from config.exceptions import DomainError, InvalidInput
from reservations.models import Table
from reservations.models.staff import UNDOABLE
from reservations.selectors.engine_policy import policy_for
from reservations.services.staff import WarningsToConfirm
from reservations.services.staff.registry import MOVES

# What a confirmation sends again, beside the warnings confirmed.
CARRIED = (
    "reservation",
    "action",
    "reason",
    "target",
    "party_size",
    "start_time",
    "service_date",
    "tables",
    "view",
    "shown_date",
    "service",
    "next",
)


def submitted(post) -> tuple[str, str, str]:
    """(booking id, move, reason) of the button pressed: `do:<resv_id>` = move (the list's one form),
    or `reservation` + `action` fields (a card's form)."""
    for name, value in post.items():
        if name.startswith("do:"):
            public_id = name[3:]
            return public_id, value, post.get(f"reason:{public_id}", "")
    return post.get("reservation", ""), post.get("action", ""), post.get("reason", "")


def lane_tables(restaurant, key: str) -> tuple[int, ...]:
    """A lane of the timeline (a table's public id, or `combo-<id>`) as table primary keys."""
    policy = policy_for(restaurant)
    if key.startswith("combo-"):
        for combo in policy.combinations:
            if f"combo-{combo.id}" == key:
                return tuple(combo.table_ids)
    else:
        for table in policy.tables.values():
            if table.public_id == key:
                return (table.id,)
    raise InvalidInput("No such table.", param="tables")


def move_arguments(post, reservation) -> dict:
    """A move's fields: a timeline target (`tbl_...@21:30`), the tables picked, a time, a date, a party."""
    fields: dict = {}
    tables: tuple[int, ...] = ()
    target = post.get("target", "")
    if target:
        key, _, time = target.partition("@")
        tables = lane_tables(reservation.restaurant, key)
        fields["start_time"] = _time(time)
    picked = [ref for ref in post.getlist("tables") if ref]
    if picked:
        known = dict(
            Table.objects.filter(restaurant=reservation.restaurant, public_id__in=picked).values_list("public_id", "pk")
        )
        if len(known) != len(set(picked)):
            raise InvalidInput("No such table.", param="tables")
        tables = tuple(known[ref] for ref in picked)
    if post.get("start_time"):
        fields["start_time"] = _time(post["start_time"])
    if post.get("service_date"):
        date = parse_date(post["service_date"])
        if date is None:
            raise InvalidInput("The date reads YYYY-MM-DD.", param="service_date")
        fields["service_date"] = date
    if post.get("party_size"):
        try:
            fields["party_size"] = int(post["party_size"])
        except ValueError:
            raise InvalidInput("The party size is a number.", param="party_size") from None
        if not 1 <= fields["party_size"] <= 1000:
            raise InvalidInput("The party size is 1 to 1000.", param="party_size")
    return {"fields": fields, "table_ids": tables}


def _time(value: str) -> dt.time:
    try:
        return dt.datetime.strptime(value, "%H:%M").time()
    except ValueError:
        raise InvalidInput("The time reads HH:MM.", param="start_time") from None


@require_POST
def move(request):
    public_id, action, reason = submitted(request.POST)
    entry = MOVES.get(action)
    if entry is None:
        raise Http404("No such move.")
    reservation = booking_for(request, public_id)
    restaurant = reservation.restaurant
    confirmed = frozenset(request.POST.getlist("confirm"))
    view = view_of(request)
    try:
        kwargs = entry.kwargs(reason=reason, confirmed=confirmed)
        if action == "move":
            kwargs.update(move_arguments(request.POST, reservation))
        done = entry.service(reservation=reservation, actor=actor(request, restaurant), **kwargs)
    except WarningsToConfirm as warnings:
        return _confirm(request, reservation, warnings, view)
    except DomainError as error:
        return _refused(request, reservation, error, view)
    name = str(done.guest) or done.public_id
    text = f"{name}: {entry.done}."
    undo = done.public_id if _undoable(action) else ""
    if request.htmx:
        return HttpResponse(_page_update(request, done, view, text, undo=undo, action=action))
    messages.success(request, text)
    return HttpResponseRedirect(back_to(request, Urls(restaurant, done.service_date).timeline()) + "#card")


def _undoable(action: str) -> bool:
    return action in {str(a) for a in UNDOABLE}


def _shown(request, reservation):
    """The date and service the page shows (a move may take the booking elsewhere)."""
    date = parse_date(request.POST.get("shown_date")) or reservation.service_date
    return board_for(reservation.restaurant, date, request.POST.get("service") or None, view=view_of(request))


# Moves that change the side panel (the requests to approve): the others leave it as it is, but for
# a request's own move.
QUEUE_MOVES = ("approve", "decline", "undo", "cancel")


def _page_update(request, reservation, view, text, *, level="success", undo="", action="") -> str:
    """`reservation`: as the service returned it (its fields are the ones just written)."""
    board = _shown(request, reservation)
    queues = action in QUEUE_MOVES or level == "error" or reservation.status == "pending"
    return fragments(request, board, reservation, view=view, message=text, level=level, undo=undo, queues=queues)


def _refused(request, reservation, error: DomainError, view: str):
    if request.htmx:
        reservation.refresh_from_db()  # as it stands (the refused move changed nothing)
        return HttpResponse(_page_update(request, reservation, view, error.message, level="error"))
    messages.error(request, error.message)
    return HttpResponseRedirect(back_to(request, Urls(reservation.restaurant, reservation.service_date).timeline()))


def _confirm(request, reservation, warnings: WarningsToConfirm, view: str):
    """The warnings in words, and the move again with them confirmed (what this role may confirm)."""
    carried = [(name, value) for name in CARRIED for value in request.POST.getlist(name) if value]
    public_id, action, reason = submitted(request.POST)
    if not request.POST.get("reservation"):
        carried += [("reservation", public_id), ("action", action), ("reason", reason)]
    context = {
        "warnings": warnings.warnings,
        "needs_manager": warnings.needs_manager,
        "codes": [w.code for w in warnings.warnings],
        "carried": carried,
        "reservation": reservation,
        "action_label": MOVES[action].label,
        "card_url": Urls(reservation.restaurant).card(reservation.public_id),
        "post_url": request.path,
    }
    if request.htmx:
        return HttpResponse(render_to_string("backoffice/_warnings.html", context, request))
    page = {**light_context(request), **context, "title": "Confirm", "restaurant": reservation.restaurant}
    return render(request, "backoffice/confirm_page.html", page)
