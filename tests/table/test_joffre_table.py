"""Issue 29 at the table: the bid step without a suit under ``trump_by_first_lead``, four
passes as a redeal of their own under ``dealer_must_bid`` false, card-reader entry taking
trump from the first card led, and a whole ``joffre`` game key by key that exports the
record worked out by hand (below, and again through the real command in the slow test)."""

from __future__ import annotations

import pytest
from scripts import SEAT_KEY

from hardware.screens import render
from kaiser_core.cards import Seat, Suit
from kaiser_core.hand import Redeal
from kaiser_core.record import record_json, score_record
from kaiser_core.rules import Rules, find_profile
from kaiser_core.table import Key, Screen, Table
from kaiser_core.views.cards import CardsView
from kaiser_core.views.contract import BidderView, BidView
from kaiser_core.views.game_over import GameOverView
from kaiser_core.views.summary import SummaryView

JOFFRE = find_profile("joffre")


def lead_keys(bidder: str, number: int, no_trump: bool, winners: str, five: int, three: int):
    """A per-trick hand under joffre from SCORE: bidder, number (from 7), NT or not (the
    cycle is first lead -> NT), then each trick's winner, A/B before the trick holding 5♥/3♠."""
    keys = ["OK", SEAT_KEY[bidder], *(["RIGHT"] if no_trump else []), *["UP"] * (number - 7)]
    keys.append("OK")
    for i, winner in enumerate(winners, 1):
        keys += (["A"] if i == five else []) + (["B"] if i == three else [])
        keys.append(SEAT_KEY[winner])
    return [*keys, "OK"]


ALL_PASS = ["OK", "A"]  # BIDDER: A = all four passed (dealer_must_bid false)
#: The game worked by hand (joffre: target 41, a made contract scores the bid, NT x2, no cap).
GAME = [
    "UP",  # N deals first
    *ALL_PASS,  # 1 (N): all pass, N deals again
    # 2 (N): E 8, first lead. EW E,E,E,W,E,W = 6 + 5♥ (t4) = 11 >= 8: +8. NS 2 - 3♠ (t6): -1
    *lead_keys("E", 8, False, "ESEEWNEW", 4, 6),
    # 3 (E): S 7 NT. NS 6 + 5♥ (t1) = 11 >= 7: 7 x 2 = +14. EW 2 - 3♠ (t4, W): -1
    *lead_keys("S", 7, True, "SSNWSNSE", 1, 4),
    *ALL_PASS,  # 4 (S): all pass, S deals again
    # 5 (S): W 9. EW 7 + 5♥ (t2) = 12 >= 9: +9. NS 1 - 3♠ (t4, N) = -2
    *lead_keys("W", 9, False, "WWENWEWE", 2, 4),
    # 6 (W): N 10. NS 6 - 3♠ (t3) = 3 < 10: set, -10. EW 2 + 5♥ (t5, E) = 7: +7
    *lead_keys("N", 10, False, "NSNSENSW", 5, 3),
    # 7 (N): E 8 NT. EW 7 + 5♥ (t1) = 12 >= 8: 8 x 2 = +16. NS 1 - 3♠ (t7, N) = -2
    *lead_keys("E", 8, True, "EWEWEWNE", 1, 7),
    # 8 (E): S 7. NS 2 + 5♥ (t4, S) = 7 >= 7: +7. EW 6 - 3♠ (t6, E) = 3: EW 42 >= 41 wins
    *lead_keys("S", 7, False, "EEWSNEWW", 4, 6),
]
DELTAS = ["redeal", [-1, 8], [14, -1], "redeal", [-2, 9], [-10, 7], [-2, 16], [7, 3]]
TOTALS = {"NS": 6, "EW": 42}


def press(table: Table, keys: list[str]) -> None:
    for key in keys:
        table.press(Key.from_name(key))


def test_the_bid_step_offers_first_lead_and_no_trump_only() -> None:
    table = Table(JOFFRE)
    press(table, ["UP", "OK", "RIGHT"])  # N deals; E won the bid
    view = table.view()
    assert isinstance(view, BidView) and view.lead_trump and view.trump is not None
    assert view.number == 7 and view.minimum == 7
    render(view)  # draws "first lead" where the suit would be
    press(table, ["RIGHT"])
    nt = table.view()
    assert isinstance(nt, BidView) and nt.trump is None
    press(table, ["RIGHT"])
    back = table.view()
    assert isinstance(back, BidView) and back.trump is not None  # plain -> NT -> plain
    press(table, ["LEFT", "LEFT", "OK"])
    assert table.ui.screen is Screen.TRICKS
    label = table.contract_label()
    assert label.first_lead and label.trump is None
    # a standard table still cycles the four suits
    plain = Table(Rules())
    press(plain, ["UP", "OK", "RIGHT", "RIGHT"])
    suit = plain.view()
    assert isinstance(suit, BidView) and suit.trump is Suit.H and not suit.lead_trump


def test_four_passes_are_a_redeal_of_their_own_when_the_dealer_need_not_bid() -> None:
    table = Table(JOFFRE)
    press(table, ["UP", "OK"])
    bidder = table.view()
    assert isinstance(bidder, BidderView) and bidder.hint[0].params["what"].key == "hint.all_passed"
    press(table, ["A"])
    assert table.ui.screen is Screen.SCORE and table.game is not None
    assert table.game.dealer is Seat.N  # the same dealer deals again
    (entry,) = table.core_entries()
    assert isinstance(entry, Redeal) and entry.passed
    record = record_json(JOFFRE, table.first_dealer, table.core_entries())
    assert record["hands"] == [{"auction": ["pass", "pass", "pass", "pass"]}]
    standard = Table(Rules())
    press(standard, ["UP", "OK", "A"])  # the dealer must bid: A is the redeal it was
    assert record_json(Rules(), Seat.N, standard.core_entries())["hands"] == [{"redeal": True}]


def test_a_whole_joffre_game_key_by_key_exports_the_record_worked_by_hand() -> None:
    table = Table(JOFFRE)
    press(table, GAME)
    assert isinstance(table.view(), GameOverView)
    record = record_json(JOFFRE, table.first_dealer, table.core_entries())
    assert record["rules"] == "joffre"
    played = [h for h in record["hands"] if "tricks" in h]
    lead, nt = "first-lead", None
    assert [h.get("trump") for h in played] == [lead, nt, lead, lead, nt, lead]
    result = score_record(record)
    deltas = [
        "redeal" if h["redeal"] else [h["delta"]["NS"], h["delta"]["EW"]] for h in result["hands"]
    ]
    assert deltas == DELTAS
    assert (result["totals"], result["winner"], result["next_dealer"]) == (TOTALS, "EW", "S")


#: tests/games/058's hand 2 (S leads AH: hearts trump; W ruffs twice, N once).
PLAYS = ["AH", "8H", "TH", "5H", "AC", "KH", "7C", "9H", "KD", "TD", "7D", "AD"]
PLAYS += ["KC", "QH", "8C", "3S", "QD", "9D", "8D", "QC", "JD", "JH", "TS", "JC"]
PLAYS += ["JS", "8S", "AS", "KS", "TC", "QS", "9C", "9S"]


def test_the_card_reader_takes_trump_from_the_first_card_led() -> None:
    table = Table(JOFFRE, reader_available=True)
    press(table, ["UP", "HOLD-OK", "DOWN", "DOWN", "OK", "OK", "B"])  # N deals; card reader
    assert table.ui.screen is Screen.SCORE
    press(table, ["OK", "DOWN", "UP", "OK"])  # S 8, no suit named
    assert isinstance(table.view(), CardsView)
    for card in PLAYS:
        table.read_card(card)
        assert table.ui.message == "", (card, table.ui.message)
    assert [w.code for _, _, w in table.played_tricks()] == list("SWSWWNSS")
    view = table.view()
    assert isinstance(view, SummaryView) and view.made  # NS 5 tricks + 5♥ = 10 >= 8
    assert (view.delta_ns, view.delta_ew) == (8, 0)  # the bid; EW 3 - 3♠ = 0
    press(table, ["OK"])
    record = record_json(JOFFRE, table.first_dealer, table.core_entries())
    (hand,) = record["hands"]
    assert hand["trump"] == "first-lead" and len(hand["plays"]) == 8
    result = score_record(record)
    assert result["hands"][0]["contract"]["trump"] == "H"
    assert result["totals"] == {"NS": 8, "EW": 0}


@pytest.mark.slow
def test_the_joffre_game_through_the_real_command_scores_as_worked(scorer, tmp_path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('language = "fr"\n[game]\nrules = "joffre"\n')
    result = scorer.run(GAME, "--config", str(config))
    assert result.stdout.splitlines()[-1] == f"ok {len(GAME)} OK"
    record = scorer.export()
    assert record["rules"] == "joffre"
    assert record["hands"][0] == {"auction": ["pass", "pass", "pass", "pass"]}
    scored = scorer.score(record)
    deltas = [
        "redeal" if h["redeal"] else [h["delta"]["NS"], h["delta"]["EW"]] for h in scored["hands"]
    ]
    assert deltas == DELTAS and scored["totals"] == TOTALS and scored["winner"] == "EW"


def test_a_whole_joffre_game_card_by_card_exports_the_record_worked_by_hand() -> None:
    """Four hands on the same deal, S bidding and leading each time (dealers N E S W).

    S 8, first lead: hearts trump, as above: NS 5 + 5♥ = 10 >= 8, +8; EW 3 - 3♠ = 0.
    S 7 NT: the same cards read with no trump (the E-led reading of tests/core/
    test_joffre_rules.py turned one seat on): S wins t1 (5♥) and t2, E t3-t6 (3♠ in t4),
    W t7-t8: NS 2 + 5 = 7 >= 7, 7 x 2 = +14; EW 6 - 3 = +3.
    Totals 8/0, 22/3, 30/3, 44/6: NS reach 41 on hand 4 and win; N deals next.
    """
    table = Table(JOFFRE, reader_available=True)
    press(table, ["UP", "HOLD-OK", "DOWN", "DOWN", "OK", "OK", "B"])
    for no_trump in (False, True, False, True):
        press(table, ["OK", "DOWN", *(["RIGHT"] if no_trump else ["UP"]), "OK"])
        for card in PLAYS:
            table.read_card(card)
        press(table, ["OK"])
    assert isinstance(table.view(), GameOverView)
    record = record_json(JOFFRE, table.first_dealer, table.core_entries())
    assert [h.get("trump") for h in record["hands"]] == ["first-lead", None] * 2
    result = score_record(record)
    deltas = [[h["delta"]["NS"], h["delta"]["EW"]] for h in result["hands"]]
    assert deltas == [[8, 0], [14, 3], [8, 0], [14, 3]]
    assert [h["contract"]["trump"] for h in result["hands"]] == ["H", None, "H", None]
    assert (result["totals"], result["winner"], result["next_dealer"]) == (
        {"NS": 44, "EW": 6},
        "NS",
        "N",
    )
