"""NEW GAME: push toward the first dealer's seat, or OK for a random one.

With a roster in the config (and outside club play, which seats its players itself) the
players first pick each seat's name: UP/DOWN change the name, LEFT/RIGHT the seat, OK goes
on to the dealer (B there comes back to the names). The picks live in ``Ui.extra``.
"""

from __future__ import annotations

from typing import Any

from kaiser_core.cards import SEATS, Seat
from kaiser_core.entries import Start
from kaiser_core.messages import Message
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key, seat_for
from kaiser_core.table.past import rules_label
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import NewGameView

#: ``Ui.extra`` keys: the seat being named, the roster index per seat, names step done.
SEAT, PICKS, DONE = "names_seat", "names_picks", "names_done"


def picks(desk: Desk) -> list[int]:
    """The roster index of each seat's player (N, E, S, W)."""
    roster = desk.roster
    stored = desk.ui.extra.get(PICKS)
    if (
        isinstance(stored, list)
        and len(stored) == 4
        and all(isinstance(i, int) and 0 <= i < len(roster) for i in stored)
    ):
        return list(stored)
    out: list[int] = []
    for seat in SEATS:  # the config's seats where the roster has them, then the next free
        name = desk.base_seats.get(seat)
        index = roster.index(name) if name in roster else -1
        out.append(index)
    for i, index in enumerate(out):
        if index < 0:
            out[i] = next((j for j in range(len(roster)) if j not in out), i % len(roster))
    return out


def picking(desk: Desk) -> bool:
    """True while the players pick their seats' names (a roster, outside club play)."""
    return bool(desk.roster) and desk.club is None and not desk.ui.extra.get(DONE)


def _seat(desk: Desk) -> int:
    value = desk.ui.extra.get(SEAT, 0)
    return value % 4 if isinstance(value, int) else 0


def _extra(desk: Desk, **changes: Any) -> None:
    desk.go(Screen.NEW_GAME, extra={**desk.ui.extra, **changes})


def _next_name(chosen: list[int], seat: int, step: int, count: int) -> None:
    """The seat's next player not seated elsewhere; with none free, swap with the next one."""
    others = [c for i, c in enumerate(chosen) if i != seat]
    candidate = chosen[seat]
    for _ in range(count - 1):
        candidate = (candidate + step) % count
        if candidate not in others:
            break
    else:
        candidate = (chosen[seat] + step) % count
    if candidate in others:
        chosen[chosen.index(candidate)] = chosen[seat]
    chosen[seat] = candidate


def press_names(desk: Desk, key: Key) -> Change:
    """The names step: UP/DOWN the name, LEFT/RIGHT the seat, OK on to the dealer."""
    chosen, seat = picks(desk), _seat(desk)
    if key in (Key.UP, Key.DOWN):
        _next_name(chosen, seat, 1 if key is Key.DOWN else -1, len(desk.roster))
        _extra(desk, **{PICKS: chosen})
    elif key in (Key.LEFT, Key.RIGHT):
        _extra(desk, **{SEAT: (seat + (1 if key is Key.RIGHT else -1)) % 4, PICKS: chosen})
    elif key is Key.OK:
        twice = next((i for i in chosen if chosen.count(i) > 1), None)
        if twice is not None:
            desk.say(Message("names.twice", name=desk.roster[twice]))
        else:
            _extra(desk, **{PICKS: chosen, DONE: True})
    return Change()


def _seat_names(desk: Desk) -> None:
    """Put the picked players on their seats; unnamed teams take their players' names."""
    chosen = picks(desk)
    desk.seat_names = {seat: desk.roster[i] for seat, i in zip(SEATS, chosen, strict=True)}
    for seat in (Seat.N, Seat.E):
        team = seat.team
        if desk.base_names[team] == team.code:
            partner = desk.seat_names[SEATS[(SEATS.index(seat) + 2) % 4]]
            desk.names[team] = f"{desk.seat_names[seat]} & {partner}"


def press(desk: Desk, key: Key) -> Change:
    """A direction or OK starts the game with that first dealer (after the names step)."""
    if picking(desk):
        return press_names(desk, key)
    named = bool(desk.roster) and desk.club is None
    if named and key is Key.B:
        _extra(desk, **{DONE: False})
        return Change()
    seat = seat_for(key)
    if seat is None and key is Key.OK:
        seat = desk.choose_seat()
    if seat is None:
        return Change()
    if named:
        _seat_names(desk)
        _extra(desk, **{DONE: False, SEAT: 0})
    desk.start_game()
    change = desk.enter(Start(seat))
    change.new_game = desk.new_game_rules
    return change


def hint(picking_seat: bool, names_back: bool) -> tuple[str, ...]:
    """What the keys do: the names step's, or the dealer step's (B back to the names)."""
    if picking_seat:
        return (step("▲▼", "hint.name"), step("◀▶", "hint.next_seat"), step("OK", "hint.on"))
    back = (step("B", "hint.names"),) if names_back else ()
    return (step("OK", "hint.random"), *back)


def view(desk: Desk) -> NewGameView:
    """The rules a new game gets, the players on their seats (the seat being named)."""
    seats = dict(desk.seat_names)
    if desk.roster and desk.club is None:
        seats = {s: desk.roster[i] for s, i in zip(SEATS, picks(desk), strict=True)}
    chooser = SEATS[_seat(desk)] if picking(desk) else None
    back = bool(desk.roster) and desk.club is None and chooser is None
    return NewGameView(
        rules_label(desk.rules),
        desk.ui.message,
        hint=hint(chooser is not None, back),
        seats=seats,
        picking=chooser,
        names_back=back,
    )


PAGE = register(Page(Screen.NEW_GAME, press, view))
