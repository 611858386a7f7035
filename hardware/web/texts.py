"""Every text the pages show, in one place, each marked ``_()`` for the gettext catalogs.

English here; the catalogs (domain ``web``, ``hardware/locale/<lang>/LC_MESSAGES/web.po``) give
each text with ``msgctxt`` = its key (the field's name, ``name.i`` for a tuple's i-th text) and
``msgid`` = the English. ``use_keyed(pgettext)`` (see ``hardware.web.language``) or
``use(gettext)`` swap them for one language. Texts with ``{...}`` are ``str.format`` patterns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any


def _(text: str) -> str:
    """Marks a page text for extraction; the identity until a catalog is used."""
    return text


@dataclass(frozen=True)
class Texts:
    """The page texts of one language."""

    # navigation and titles
    nav_standings: str = _("Standings")
    nav_tables: str = _("Tables")
    statistics: str = _("Statistics")
    default_title: str = _("Kaiser standings")
    score_sheet: str = _("Score sheet")
    sheet_title: str = _("Table {table}, round {round}: {ns} – {ew}")
    no_game: str = _("No game at table {table}, round {round}.")
    live: str = _("live")
    # standings
    standings: str = _("Standings")
    after_round: str = _("after round {round}")
    col_rank: str = _("#")
    col_name: str = _("Name")
    col_total: str = _("Total")
    col_round: str = _("R{round}")
    col_won: str = _("Won")
    # tables
    tables: str = _("Tables")
    table_n: str = _("Table {table}")
    online: str = _("online")
    offline: str = _("offline")
    f_round: str = _("Round")
    f_hands: str = _("Hands")
    f_finished: str = _("Finished")
    f_refused: str = _("Refused")
    yes: str = _("yes")
    no: str = _("no")
    no_table: str = _("No table has reported yet.")
    last_refused: str = _("Last refused: {why}")
    sheets: str = _("Score sheets")
    # seating
    where: str = _("Where do I sit?")
    round_n: str = _("round {round}")
    seat_at: str = _("table {table}, seat {seat}, partner {partner}")
    sits_out: str = _("sits out")
    find_label: str = _("Name")
    find_button: str = _("Find")
    no_seat: str = _("No seat found.")
    # the director's actions
    director: str = _("Director")
    pin: str = _("PIN")
    next_round: str = _("Start the next round")
    end_round: str = _("End the round")
    print_button: str = _("Print")
    reconnecting: str = _("reconnecting…")
    caught_up: str = _("live again (the page had fallen behind)")
    done: str = _("Done.")
    wrong_pin: str = _("Wrong PIN: nothing changed.")
    too_many: str = _("Too many wrong PINs: wait a minute.")
    refused_action: str = _("Refused ({status}).")
    no_answer: str = _("The director did not answer.")
    refused_why: str = _("Refused: {why}")
    confirm_end: str = _("End the round now? Tables stop taking hands for it; it cannot be undone.")
    # what the director decided, on a table's card (issue 26)
    round_ended: str = _("round ended")
    journal_n: str = _("journal {journal}")
    pinned_mark: str = _("pinned")
    note_replaced: str = _("round {round}: replaced by journal {journal} (journal {other} before)")
    note_stale: str = _("round {round}: ignoring a stale record of journal {journal}")
    note_ignored: str = _("round {round}: ignoring journal {journal}, replaced by journal {other}")
    note_pinned: str = _("round {round}: pinned to journal {journal} by the director")
    note_not_pinned: str = _("round {round}: ignoring journal {journal}, pinned to {other}")
    note_late: str = _("round {round}: a record after the round ended changed its score")
    note_empty: str = _("round {round}: finished with no hand played")
    journals: str = _("Journals heard from this table")
    journal_row: str = _("journal {journal}: rev {rev}, {hands} hands, {ns} – {ew}")
    counts: str = _("counts")
    pin_journal: str = _("Count this journal")
    # the director and its broker
    broker_connected: str = _("Broker: connected.")
    broker_connecting: str = _("Broker: connecting…")
    broker_refused: str = _(
        "The broker refused the director's login ({detail}): tables get nothing."
    )
    broker_lost: str = _("The broker cannot be reached since {time}: tables get nothing.")
    round_playing: str = _("round {round} being played")
    sat_out: str = _("sat out: the mean of their other rounds")
    # the score sheet
    sheet_head: tuple[str, ...] = (
        _("#"), _("Dealer"), _("Contract"), _("Result"), _("Raw NS"), _("Raw EW"),
        _("± NS"), _("± EW"), _("NS"), _("EW"), _("Why"),
    )  # fmt: skip
    redeal: str = _("redeal")
    made: str = _("made")
    set_: str = _("set")
    team_won: str = _("{team} won")
    goes_on: str = _("game goes on")
    skunk: str = _(" (skunk)")
    rules_line: str = _("Rules: {rules}")
    rules_profile: str = _("{name} ({about})")  # a profile: its name and what it is
    # statistics and history
    stats_head: tuple[str, ...] = (
        _("Name"), _("Games"), _("Won"), _("Hands"), _("Bids made / taken"),
        _("No-trump made / bid"), _("Avg as bidder"), _("Avg as defender"), _("Set rate"),
        _("Partners (won / games)"),
    )  # fmt: skip
    no_game_yet: str = _("No game yet.")
    history_head: tuple[str, ...] = (
        _("Game"), _("Teams"), _("Rules"), _("Hands"), _("Totals"), _("Winner"),
    )  # fmt: skip
    game_n: str = _("Game {number}")
    history_goes_on: str = _("goes on")
    stats_event: str = _("This event")
    stats_all: str = _("Every event in this database ({count})")
    # the home site (one table's journal)
    nav_games: str = _("Games")
    home_title: str = _("Kaiser games")
    site_title: str = _("Kaiser scorer")
    game_title: str = _("Game {number}: {ns} – {ew}")
    no_such_game: str = _("There is no game {number}.")
    no_such_page: str = _("There is no page {path} on this site.")
    cannot_score: str = _("Game {number} cannot be scored: {error}")
    unscorable: str = _("cannot be scored: {error}")
    behind: str = _(
        "The scorer's last changes cannot be read here: this page may be behind what it stored."
    )
    # the chart
    chart_title: str = _("Totals by hand: {ns} and {ew}")
    chart_point: str = _("{team}: {total} after hand {hand}")
    chart_hand: str = _("hand {hand}")
    # why a hand scored as it did (the sheet's lines of kaiser_core.sheet.reasons, in words)
    why_redeal: str = _("redeal: the same dealer deals again")
    why_all_passed: str = _("redeal: all four passed, the same dealer deals again")
    why_kind_nt: str = _("{bid} no-trump")
    why_made_bid: str = _("{team} made {kind}: scores the bid ({bid})")
    why_made_raw: str = _("{team} made {kind}: scores the {raw} points taken")
    why_nt_made: str = _("no-trump made: doubled to {points}")
    why_set: str = _("{team} set: took {raw} of {bid}, loses {bid}")
    why_nt_set: str = _("no-trump set: doubled to {points}")
    why_capped: str = _("{team} at {total} (cap {cap}): defenders score nothing")
    why_defends: str = _("{team} defends: scores its {points} points")
    why_target: str = _("no-trump made: the target is now {target}")
    why_revoke: str = _("revoke: {seat} in trick {trick}")
    why_wins: str = _("{team} wins: {reason}")
    why_skunk: str = _("skunk: the losers are at 0 or below")
    # a hand's why page: its score step by step (hardware.web.why_page)
    why_link: str = _("step by step")
    why_title: str = _("Game {number}, hand {hand}: why")
    why_back: str = _("Back to game {number}")
    no_such_hand: str = _("Game {number} has no hand {hand}.")
    why_step_bid: str = _("{seat} ({team}) bid {contract}.")
    why_step_tricks: str = _("Tricks taken: {ns} {ns_tricks}, {ew} {ew_tricks}.")
    why_part_tricks: str = _("tricks {tricks}")
    why_step_count: str = _("Points counted by {team}: {raw} ({parts}).")
    why_step_made: str = _("{team} needed {bid} and counts {raw}: {made}.")
    why_step_set: str = _("{team} needed {bid} and counts only {raw}: {set}.")
    why_step_set_rule: str = _(
        "{team} needed {bid} and counts {raw}, but a house rule sets it: {set}."
    )
    why_step_scores: str = _("What each team scores, and why:")
    why_step_totals: str = _("The totals (before, change, after):")
    why_step_total: str = _("{team}: {before} {change} = {total}")
    # the league: seasons, nights, ratings, awards, records, players (CLUB.md)
    nav_league: str = _("League")
    league: str = _("League")
    seasons: str = _("Seasons")
    nights: str = _("Nights")
    ratings: str = _("Ratings")
    records: str = _("Lifetime records")
    col_night: str = _("N{night}")
    col_counted: str = _("Counted")
    col_qualified: str = _("Qualified")
    season_key: str = _("Bold: a night that counts. ✓: qualified ({least} nights or more).")
    ratings_head: tuple[str, ...] = (
        _("#"), _("Name"), _("Rating"), _("μ"), _("σ"), _("Rounds"),
    )  # fmt: skip
    provisional: str = _("provisional")
    ratings_key: str = _("Rating = μ − 3σ; provisional under {rounds} rated rounds.")
    method: str = _("Method: {method}")
    check_line: str = _(
        "Checked on {rounds} games: accuracy {accuracy}, log-loss {log_loss} (a coin: {baseline})."
    )
    awards: str = _("Awards")
    aw_kaisers: str = _("Kaiser bids made (12 no-trump)")
    aw_skunks: str = _("Skunks")
    aw_set: str = _("Biggest set")
    aw_best: str = _("Best round")
    aw_most: str = _("Most rounds won")
    aw_none: str = _("none yet")
    aw_where: str = _("{night}, table {table}, round {round}")
    aw_skunk: str = _("{winners} skunked {losers}, {won} to {lost}")
    aw_set_line: str = _("{name} (partner {partner}) lost {points}")
    aw_best_line: str = _("{names}: {score}")
    aw_most_line: str = _("{names}: {won} rounds")
    every_night: str = _("Every night")
    nights_head: tuple[str, ...] = (_("Night"), _("#"), _("Total"), _("Won"))  # fmt: skip
    partners: str = _("Partners")
    partners_head: tuple[str, ...] = (_("Partner"), _("Games"), _("Won"))  # fmt: skip
    rating_chart: str = _("Rating over time")
    rating_title: str = _("Rating of {name} after each round played")
    rating_point: str = _("{rating} after {night}, round {round}")
    records_head: tuple[str, ...] = (
        _("Name"), _("Nights"), _("Rounds"), _("Won"), _("Kaisers"), _("Skunks given"),
        _("Skunked"), _("Best round"), _("Biggest set"), _("Best night"),
    )  # fmt: skip
    best_night: str = _("#{rank}, {total} ({night})")
    print_view: str = _("Print view")
    scan: str = _("Scan for this page")
    no_season: str = _("There is no season {id}.")
    no_night: str = _("There is no night {id}.")
    no_player: str = _("{name} has played no night here.")
    no_rating: str = _("No rated game yet.")
    # the language switch
    language: str = _("Language")
    # seats, contracts and numbers as this language writes them
    seats: tuple[str, ...] = (_("N"), _("E"), _("S"), _("W"))
    no_trump_short: str = _("NT")
    decimal_sign: str = _(".")
    minus_sign: str = _("-")
    percent: str = _("{value}%")


T = Texts()

#: The texts live.js shows (sent in the page as JSON, so they are translated with the rest).
SCRIPT_TEXTS = (
    "after_round", "col_rank", "col_name", "col_total", "col_round", "col_won", "online",
    "offline", "yes", "no", "last_refused", "live", "reconnecting", "caught_up", "done",
    "wrong_pin",
    "too_many", "refused_action", "no_answer", "decimal_sign", "minus_sign", "refused_why",
    "round_ended", "journal_n", "pinned_mark", "note_replaced", "note_stale", "note_ignored",
    "note_pinned", "note_not_pinned", "note_late", "note_empty", "broker_connected",
    "broker_connecting", "broker_refused", "broker_lost", "round_playing",
)  # fmt: skip


def script_texts(texts: Texts = T) -> dict[str, str]:
    """The texts of ``SCRIPT_TEXTS``, for the page's ``data-texts``."""
    return {name: getattr(texts, name) for name in SCRIPT_TEXTS}


def keyed() -> list[tuple[str, str]]:
    """Every (key, English text): the key is the field's name, ``name.i`` in a tuple."""
    out: list[tuple[str, str]] = []
    for f in fields(Texts):
        value = getattr(T, f.name)
        if isinstance(value, tuple):
            out += [(f"{f.name}.{i}", text) for i, text in enumerate(value)]
        else:
            out.append((f.name, value))
    return out


def use_keyed(translate: Callable[[str, str], str]) -> Texts:
    """The texts through ``translate(key, english)`` (a catalog's pgettext)."""
    changed: dict[str, Any] = {}
    for f in fields(Texts):
        value = getattr(T, f.name)
        if isinstance(value, tuple):
            changed[f.name] = tuple(
                translate(f"{f.name}.{i}", text) for i, text in enumerate(value)
            )
        else:
            changed[f.name] = translate(f.name, value)
    return replace(T, **changed)


def use(translate: Callable[[str], str]) -> Texts:
    """The texts through ``translate`` (a catalog's gettext): one language's ``Texts``."""
    return use_keyed(lambda _key, text: translate(text))


__all__ = ["SCRIPT_TEXTS", "T", "Texts", "keyed", "script_texts", "use", "use_keyed"]
