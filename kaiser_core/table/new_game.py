"""NEW GAME: push toward the first dealer's seat, or OK for a random one.

With a roster in the config (and outside club play, which seats its players itself) the
players first pick each seat's name: UP/DOWN change the name, LEFT/RIGHT the seat, OK goes
on to the dealer (B there comes back to the names). The picks are the screen's state.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.cards import SEATS, Seat
from kaiser_core.entries import Start
from kaiser_core.messages import Message
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key, seat_for
from kaiser_core.table.past import rules_label
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views.new_game import NewGameView


@dataclass(frozen=True)
class Names:
    """The names step's cursors: the seat being named (0-3: N, E, S, W), the roster index
    of each seat's player (() until a name is changed), the step done."""

    names_seat: int = 0
    names_picks: tuple[int, ...] = ()
    names_done: bool = False


def state(desk: Desk) -> Names:
    """NEW GAME's state (a fresh one while another screen shows)."""
    found = desk.ui.state
    return found if isinstance(found, Names) else Names()


def picks(desk: Desk) -> list[int]:
    """The roster index of each seat's player (N, E, S, W)."""
    roster = desk.roster
    stored = state(desk).names_picks
    if len(stored) == 4 and all(0 <= i < len(roster) for i in stored):
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
    return bool(desk.roster) and desk.club is None and not state(desk).names_done


def _seat(desk: Desk) -> int:
    return state(desk).names_seat % 4


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
        desk.set(names_picks=tuple(chosen))
    elif key in (Key.LEFT, Key.RIGHT):
        desk.set(names_seat=(seat + (1 if key is Key.RIGHT else -1)) % 4, names_picks=tuple(chosen))
    elif key is Key.OK:
        twice = next((i for i in chosen if chosen.count(i) > 1), None)
        if twice is not None:
            desk.say(Message("names.twice", name=desk.roster[twice]))
        else:
            desk.set(names_picks=tuple(chosen), names_done=True)
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


def press(desk: Desk, ui: object, key: Key) -> Change:
    """A direction or OK starts the game with that first dealer (after the names step)."""
    if picking(desk):
        return press_names(desk, key)
    named = bool(desk.roster) and desk.club is None
    if named and key is Key.B:
        desk.set(names_done=False)
        return Change()
    seat = seat_for(key)
    if seat is None and key is Key.OK:
        seat = desk.choose_seat()
    if seat is None:
        return Change()
    if named:
        _seat_names(desk)
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


def view(desk: Desk, ui: object) -> NewGameView:
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


#: Every key: the names step takes them all, the dealer step a direction, OK and B.
KEYS = dict.fromkeys((Key.UP, Key.DOWN, Key.LEFT, Key.RIGHT, Key.OK, Key.A, Key.B), press)
PAGES = (Page(Screen.NEW_GAME, view, KEYS, state=Names),)
