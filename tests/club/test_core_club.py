"""The event file's data, the standings, the messages' validation and the journal rule."""

from __future__ import annotations

import pytest

from kaiser_core.club.errors import EventError, MessageError
from kaiser_core.club.event import parse_event, round_rules
from kaiser_core.club.messages import Kept, check_game, keep, parse_status, round_message
from kaiser_core.club.seating import Seating
from kaiser_core.club.standings import RoundPlay, TableResult, standings
from kaiser_core.rules import Rules

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Eve"]


def event_data(**changes: object) -> dict:
    base: dict = {
        "id": "tue-1",
        "name": "Tuesday",
        "format": "individual",
        "rounds": 3,
        "hands_per_round": 10,
        "players": list(PLAYERS),
        "pin": "4821",
    }
    base.update(changes)
    return {"event": {k: v for k, v in base.items() if v is not None}}


def test_an_event_parses_with_rules_and_options() -> None:
    e = parse_event({**event_data(rules="tournament", options={"target": 62})})
    assert e.rules == Rules.from_spec({"profile": "tournament", "options": {"target": 62}})
    assert e.entrants == tuple(PLAYERS) and e.hands_per_round == 10
    assert e.summary()["players"] == PLAYERS


def test_round_rules_are_the_events_plus_max_hands() -> None:
    e = parse_event(event_data())
    rules = round_rules(e)
    assert rules.max_hands == 10
    assert rules.replace(max_hands=None) == e.rules
    assert round_rules(parse_event(event_data(hands_per_round=None))) == e.rules


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"id": "Tue"}, "event.id"),
        ({"id": "x" * 41}, "event.id"),
        ({"format": "teams"}, "event.format"),
        ({"rounds": 0}, "event.rounds"),
        ({"rounds": 10}, "from 1 to 9"),
        ({"players": ["Ann", "Ann", "B", "C"]}, "listed twice"),
        ({"players": ["A" * 25, "B", "C", "D"]}, "1 to 24"),
        ({"players": ["A", "B", "C"]}, "at least 4"),
        ({"rules": "nope"}, "event.rules"),
        ({"options": {"target": "x"}}, "event.rules"),
        ({"pin": ""}, "event.pin"),
        ({"hands_per_round": 0}, "hands_per_round"),
        ({"colour": "red"}, "unknown key event.colour"),
        ({"pairs": [["A", "B"]]}, "event.pairs is for"),
    ],
)
def test_event_mistakes_are_one_line(changes: dict, words: str) -> None:
    with pytest.raises(EventError) as err:
        parse_event(event_data(**changes))
    assert words in str(err.value) and "\n" not in str(err.value)


def test_names_in_any_script_and_pairs() -> None:
    e = parse_event(event_data(format="pairs", players=None, pairs=[["Zoë", "Ōta"], ["Лев", "李"]]))
    assert e.entrants == ("Zoë & Ōta", "Лев & 李")
    with pytest.raises(EventError, match="twice"):
        parse_event(event_data(format="pairs", players=None, pairs=[["A", "B"], ["B", "C"]]))


def res(ns: int, ew: int, winner: str | None = None, finished: bool = False) -> TableResult:
    return TableResult({"NS": ns, "EW": ew}, winner, finished)


MEMBERS = {p: (p,) for p in ["Ann", "Bob", "Cy", "Di", "Eve"]}


def test_sit_out_means_are_rounded_and_recomputed_as_rounds_finish() -> None:
    r1 = RoundPlay(Seating({1: ("Ann", "Bob", "Cy", "Di")}, ("Eve",)), {1: res(53, 20, "NS")})
    r2 = RoundPlay(Seating({1: ("Eve", "Ann", "Bob", "Cy")}, ("Di",)), {1: res(7, 12)}, ended=True)
    r3 = RoundPlay(Seating({1: ("Di", "Eve", "Ann", "Bob")}, ("Cy",)), {1: res(30, 4)})
    rows = {r["name"]: r for r in standings(MEMBERS, 4, [r1, r2, r3])}
    # Eve sat out round 1: the mean of her finished rounds (round 2 only: 7; round 3 not done).
    assert rows["Eve"]["rounds"] == [7, 7, 4, None]
    # Di: finished rounds 1 (20); sat out round 2 -> 20; round 3 live counts as it stands.
    assert rows["Di"]["rounds"] == [20, 20, 30, None]
    # Cy: finished 53 and 12, mean 32.5; sat out round 3.
    assert rows["Cy"]["rounds"] == [53, 12, 32.5, None]
    assert rows["Cy"]["total"] == 97.5
    # Won: round 1 NS by the record; round 2 ended early, EW higher.
    assert rows["Ann"]["won"] == 2 and rows["Bob"]["won"] == 0 and rows["Cy"]["won"] == 2


def test_a_mean_rounds_half_away_from_zero() -> None:
    r1 = RoundPlay(Seating({1: ("Ann", "Bob", "Cy", "Di")}, ("Eve",)), {1: res(1, 0, "NS")})
    r2 = RoundPlay(Seating({1: ("Ann", "Bob", "Eve", "Di")}, ("Cy",)), {1: res(0, -5, "NS")})
    r3 = RoundPlay(Seating({1: ("Ann", "Bob", "Eve", "Di")}, ("Cy",)), {1: res(0, -6, "NS")})
    rows = {r["name"]: r for r in standings(MEMBERS, 3, [r1, r2, r3])}
    assert rows["Bob"]["rounds"] == [0, -5, -6]
    assert rows["Cy"]["rounds"] == [1, 1, 1]  # (1)/1
    members = {"Bob": ("Bob",), "Xi": ("Xi",)}
    a = RoundPlay(Seating({1: ("Xi", "Bob", "Q", "R")}), {1: res(3, 0, finished=True)})
    b = RoundPlay(Seating({1: ("Xi", "Q", "R", "S")}), {1: res(0, 0, finished=True)})
    c = RoundPlay(Seating({1: ("Q", "R", "S", "T")}, ("Xi",)), {})
    row = {r["name"]: r for r in standings(members, 3, [a, b, c])}["Xi"]
    assert row["rounds"] == [3, 0, 1.5] and row["total"] == 4.5
    d = RoundPlay(Seating({1: ("Xi", "Q", "R", "S")}), {1: res(-3, 0, finished=True)})
    row = {r["name"]: r for r in standings(members, 3, [d, b, c])}["Xi"]
    assert row["rounds"] == [-3, 0, -1.5]


def test_order_by_total_then_won_then_casefolded_name() -> None:
    members = {p: (p,) for p in ["bea", "Al", "Cy", "Di"]}
    r1 = RoundPlay(Seating({1: ("bea", "Al", "Cy", "Di")}), {1: res(10, 10, finished=True)})
    rows = standings(members, 1, [r1])
    assert [r["name"] for r in rows] == ["Al", "bea", "Cy", "Di"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    r1 = RoundPlay(Seating({1: ("bea", "Al", "Cy", "Di")}), {1: res(10, 10, "NS")})
    assert [r["name"] for r in standings(members, 1, [r1])][:2] == ["bea", "Cy"]


def test_a_turned_table_scores_the_players_on_their_seats() -> None:
    members = {"A & C": ("A", "C"), "B & D": ("B", "D")}
    seated = Seating({1: ("A", "B", "C", "D")})
    turned = TableResult({"NS": 40, "EW": 2}, None, False, ("D", "A", "B", "C"))
    rows = {r["name"]: r["total"] for r in standings(members, 1, [RoundPlay(seated, {1: turned})])}
    assert rows == {"B & D": 40, "A & C": 2}


SEATS = ("Ann", "Bob", "Cy", "Di")
EVENT = parse_event(event_data())
STARTED = {1: Seating({1: SEATS, 2: ("Ed", "Flo", "Gus", "Hal")}, ("Eve",))}
TOPIC = "kaiser/tue-1/table/1/round/1/game"
ROUND = round_rules(EVENT).to_spec()  # the round's rules: the event's plus max_hands


def message(**changes: object) -> dict:
    record = {
        "rules": round_rules(EVENT).to_spec(),
        "names": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"},
        "hands": [
            {
                "contract": {"bidder": "E", "bid": 8},
                "taken": {"NS": 2, "EW": 6},
                "five_hearts": "EW",
                "three_spades": "NS",
            }
        ],
    }
    base: dict = {
        "event": "tue-1",
        "table": 1,
        "round": 1,
        "journal": "j1",
        "rev": 3,
        "finished": False,
        "record": record,
    }
    base.update(changes)
    return base


def test_a_valid_message_is_scored() -> None:
    m = check_game(EVENT, TOPIC, message(), STARTED)
    assert (m.table, m.round, m.rev, m.result["totals"]) == (1, 1, 3, {"NS": -1, "EW": 11})
    turned = message()
    turned["record"]["names"] = {"N": "Bob", "E": "Cy", "S": "Di", "W": "Ann"}
    assert check_game(EVENT, TOPIC, turned, STARTED).seats == ("Bob", "Cy", "Di", "Ann")


@pytest.mark.parametrize(
    ("topic", "changes", "words"),
    [
        ("kaiser/other/table/1/round/1/game", {}, "not a game topic"),
        (TOPIC, {"table": 2}, "differs from the topic"),
        (TOPIC, {"round": 2}, "differs from the topic"),
        ("kaiser/tue-1/table/1/round/2/game", {"round": 2}, "has not been started"),
        ("kaiser/tue-1/table/3/round/1/game", {"table": 3}, "has no table 3"),
        (TOPIC, {"record": {"hands": [{"contract": {"bidder": "N", "bid": 2}}]}}, "record:"),
        (TOPIC, {"record": {"rules": "tournament", "hands": []}}, "rules"),
        (
            TOPIC,
            {
                "record": {
                    "rules": ROUND,
                    "names": {"N": "Ann", "E": "Cy", "S": "Bob", "W": "Di"},
                    "hands": [],
                }
            },
            "names are not",
        ),
        (
            TOPIC,
            {"record": {"rules": ROUND, "names": {"NS": "Us", "EW": "Them"}, "hands": []}},
            "four seats",
        ),
        (TOPIC, {"rev": -1}, "rev"),
        (TOPIC, {"rev": True}, "rev"),
        (TOPIC, {"journal": ""}, "journal"),
        (TOPIC, {"finished": "no"}, "finished"),
        (TOPIC, {"event": "x"}, "event"),
    ],
)
def test_invalid_messages_are_refused_with_one_line(topic: str, changes: dict, words: str) -> None:
    with pytest.raises(MessageError) as err:
        check_game(EVENT, topic, message(**changes), STARTED)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_the_journal_and_rev_rule() -> None:
    verdict, kept = keep(None, "a", 1)
    assert verdict == "new" and kept == Kept("a", 1)
    assert keep(kept, "a", 1) == ("duplicate", None)
    assert keep(kept, "a", 0) == ("stale", None)
    verdict, kept = keep(kept, "a", 5)
    assert verdict == "newer" and kept == Kept("a", 5)
    verdict, kept = keep(kept, "b", 1)
    assert verdict == "journal" and kept == Kept("b", 1, frozenset({"a"}))
    assert keep(kept, "a", 99) == ("replaced", None)
    verdict, kept = keep(kept, "c", 1)
    assert kept == Kept("c", 1, frozenset({"a", "b"}))
    assert keep(kept, "b", 7) == ("replaced", None)


def test_the_round_message_and_the_status() -> None:
    body = round_message(EVENT, 1, STARTED[1], False)
    assert body == {
        "round": 1,
        "ended": False,
        "hands_per_round": 10,
        "rules": round_rules(EVENT).to_spec(),
        "tables": {"1": list(SEATS), "2": ["Ed", "Flo", "Gus", "Hal"]},
        "sitting_out": ["Eve"],
    }
    assert round_message(EVENT, 0, None, False)["tables"] == {}
    assert parse_status({"online": False}) == {"online": False}
    status = parse_status(
        {
            "online": True,
            "round": 2,
            "hands": 7,
            "totals": {"NS": 3, "EW": 1},
            "finished": False,
            "version": "1",
            "junk": 1,
        }
    )
    assert status["totals"] == {"NS": 3, "EW": 1} and "junk" not in status


def test_a_quarter_rounds_to_three_tenths_either_side_of_zero() -> None:
    members = {"Xi": ("Xi",)}
    plays = [
        RoundPlay(Seating({1: ("Xi", "Q", "R", "S")}), {1: res(v, 0, finished=True)})
        for v in (1, 0, 0, 0)
    ]
    out = RoundPlay(Seating({1: ("Q", "R", "S", "T")}, ("Xi",)), {})
    assert standings(members, 5, [*plays, out])[0]["rounds"][4] == 0.3
    plays = [
        RoundPlay(Seating({1: ("Xi", "Q", "R", "S")}), {1: res(v, 0, finished=True)})
        for v in (-1, 0, 0, 0)
    ]
    assert standings(members, 5, [*plays, out])[0]["rounds"][4] == -0.3


def test_names_are_nfc_from_the_event_file_to_the_tables_screen() -> None:
    """Issue 26, A12: a decomposed "Zoë" (e + U+0308, as macOS writes it) drew "Zoe?"."""
    import unicodedata

    from kaiser_core.club.errors import EventError
    from kaiser_core.club.event import parse_event
    from kaiser_core.table.club_state import parse_round

    decomposed = unicodedata.normalize("NFD", "Zoë")
    spec = {
        "id": "nfc", "name": "N", "format": "individual", "rounds": 1, "hands_per_round": 2,
        "rules": "standard", "players": [decomposed, "Bob", "Cy", "Di"], "pin": "1",
    }  # fmt: skip
    event = parse_event({"event": spec})
    assert event.players[0] == "Zoë" and len(event.players[0]) == 3
    with pytest.raises(EventError, match="twice"):
        parse_event({"event": {**spec, "players": [decomposed, "Zoë", "Cy", "Di"]}})
    message = {"round": 1, "ended": False, "rules": "standard", "sitting_out": [],
               "tables": {"1": [decomposed, "Bob", "Cy", "Di"]}}  # fmt: skip
    assert parse_round(message, 1).seats == ("Zoë", "Bob", "Cy", "Di")


def test_a_joffre_event_sends_its_rules_and_scores_its_tables_records() -> None:
    """Issue 29: an evening of Joffre (Quebec) is an event whose rules are the profile."""
    from kaiser_core.record import score_record

    e = parse_event(event_data(rules="joffre", options={"three_spades_value": -2}))
    sent = round_message(e, 1, None, False)["rules"]
    assert sent == {"profile": "joffre", "options": {"three_spades_value": -2, "max_hands": 10}}
    result = score_record(
        {
            "rules": sent,
            "hands": [
                {"auction": ["pass"] * 4},
                {
                    "auction": ["7", "pass", "pass", "pass"],
                    "trump": "first-lead",
                    "taken": {"NS": 4, "EW": 4},
                    "five_hearts": "EW",
                    "three_spades": "EW",
                },
            ],
        }
    )
    # E 7: 4 tricks + 5 - 2 = 7, made: the bid; NS 4. A redeal first (four passes).
    assert [h["redeal"] for h in result["hands"]] == [True, False]
    assert result["totals"] == {"NS": 4, "EW": 7}
