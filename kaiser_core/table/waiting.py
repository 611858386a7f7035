"""NEW GAME in club mode: waiting for the round, or the round's four names on their seats.

In club mode its page replaces NEW GAME's (``screens.CLUB_SCREENS``); it hands over to
``new_game`` outside club mode and for a free game. The round's game gets
the round's rules and the four players' names; a round is started here once.
"""

from __future__ import annotations

import dataclasses

from kaiser_core.cards import Team
from kaiser_core.messages import Message
from kaiser_core.table import new_game
from kaiser_core.table.club_state import ClubRound, ClubState, RoundError, parse_round
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import View
from kaiser_core.views.club import ClubRoundView, ClubWaitView


def team_names(seats: tuple[str, str, str, str]) -> dict[Team, str]:
    """The teams' names of a round's game: partners N & S, E & W."""
    return {Team.NS: f"{seats[0]} & {seats[2]}", Team.EW: f"{seats[1]} & {seats[3]}"}


def press(desk: Desk, ui: object, key: Key) -> Change:
    """A direction or OK starts the round's game (or a free game while waiting)."""
    club = desk.club
    r = club.available() if club is not None else None
    if club is None or r is None or r.seats is None:
        return new_game.press(desk, ui, key)
    own_rules = desk.new_game_rules
    desk.new_game_rules = r.rules
    try:
        change = new_game.press(desk, ui, key)
    finally:
        desk.new_game_rules = own_rules
    if desk.game is not None:
        desk.club = dataclasses.replace(
            club, game_round=r.number, game_seats=r.seats, played=(*club.played, r.number)
        )
        desk.names.update(team_names(r.seats))
    return change


def view(desk: Desk, ui: object) -> View:
    """Waiting (event, round, broker) or the round's seating; outside club mode: NEW GAME."""
    club = desk.club
    if club is None:
        return new_game.view(desk, ui)
    r = club.available()
    if r is not None and r.seats is not None:
        title = Message("club.round_table", round=r.number, table=club.table)
        return ClubRoundView(title, club.seat_of(), desk.ui.message)
    broker = Message("club.broker_on" if club.broker else "club.broker_off")
    over = club.latest is not None and club.latest.final
    waiting = (
        Message("club.event_over") if over else Message("club.waiting", round=club.waiting_for())
    )
    return ClubWaitView(club.event, waiting, broker, club.broker, desk.ui.message)


def receive(desk: Desk, payload: object) -> Change:
    """The director's ``round`` message arrived (the scorer journals the change)."""
    club = desk.club
    if club is None:
        return Change()
    try:
        r: ClubRound = parse_round(payload, club.table)
    except RoundError as err:
        desk.say(Message("club.bad_round", why=str(err)[:60]))
        return Change(ui=True)
    desk.club = club.with_round(r)
    return Change(ui=True)


def set_broker(desk: Desk, online: bool) -> bool:
    """The publisher reaches the broker, or not; True when that changed."""
    club: ClubState | None = desk.club
    if club is None or club.broker == online:
        return False
    desk.club = dataclasses.replace(club, broker=online)
    return True


PAGES = (Page(Screen.NEW_GAME, view, dict.fromkeys(new_game.KEYS, press), state=new_game.Names),)
