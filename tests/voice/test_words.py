"""What the table says for a stored change, from the change and the facts after it (the
sink's ``Stored``: no table), in each language."""

from __future__ import annotations

import pytest

from hardware.i18n import localize_in
from hardware.sinks import Facts, facts, scored_entries
from hardware.speech.words import TOPICS, card, contract, score, utterances
from kaiser_core.cards import Card, Seat, Suit, Team
from kaiser_core.entries import CardEntry, ContractEntry, TrickEntry
from kaiser_core.rules import Rules
from kaiser_core.table import Change, Key, Table


def play(table: Table, keys: str) -> list[tuple[Change, Facts]]:
    """Each key's change and the facts after it, as the scorer hands them to a sink."""
    played = []
    for k in keys.split():
        before = scored_entries(table)
        played.append((table.press(Key.from_name(k)), facts(table, before)))
    return played


def said(played: list[tuple[Change, Facts]], say: tuple[str, ...] = TOPICS) -> list[str]:
    return [str(u.words) for c, f in played for u in utterances(c, f, say)]


# TABLE.md's example hand: N deals, E bids 8 hearts, takes 6 tricks and 5♥; NS 2 and 3♠.
DEAL, BID = "UP", "OK RIGHT UP UP RIGHT OK"
TRICKS = "RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT"


def test_the_example_hand_is_said_as_it_is_entered() -> None:
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    assert said(play(table, DEAL)) == []  # a key that enters no contract says nothing
    assert said(play(table, BID)) == ["East, 8 hearts"]
    tricks = said(play(table, TRICKS))
    assert tricks == [
        "trick to " + s for s in ("East", "South", "East", "East", "West", "North", "East", "West")
    ]
    assert said(play(table, "OK")) == ["made, plus 11", "North-South minus 1, East-West 11"]


def test_only_what_say_lists_is_said() -> None:
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    changes = play(table, f"{DEAL} {BID} {TRICKS} OK")
    assert said(changes, ("totals",)) == ["North-South minus 1, East-West 11"]
    assert said(changes, ()) == []


def test_the_game_over_with_a_teams_name() -> None:
    rules = Rules.from_spec({"profile": "standard", "options": {"target": 10}})
    table = Table(rules, names={Team.NS: "Smiths"}, choose_seat=lambda: Seat.N)
    play(table, DEAL)
    # S bids 6 no-trump and takes every trick: 8 + 5 - 3 = 10, doubled for no-trump
    changes = play(table, "OK DOWN " + "RIGHT " * 4 + "OK" + " DOWN" * 8 + " OK")
    words = said(changes)
    assert words[0] == "South, 6 no-trump"
    assert words[-3:] == ["made, plus 20", "Smiths 20, East-West 0", "game over, Smiths wins"]
    assert [str(u.words) for u in score(facts(table, 0))] == words[-2:]


def test_a_set_contract_says_minus() -> None:
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    play(table, DEAL)
    # W bids 8 spades; NS take 6 tricks and 5♥, W 2 tricks and 3♠: EW set
    changes = play(table, "OK LEFT UP UP OK" + " UP" * 6 + " LEFT LEFT UP LEFT OK")
    assert said(changes)[-2:] == ["set, minus 8", "North-South 11, East-West minus 8"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "East, 7 hearts",
                "South, 8 no-trump, low",
                "7 of clubs",
                "ace of spades",
                "10 of diamonds",
                "queen of hearts",
            ],
        ),
        (
            "it",
            [
                "Est, 7 cuori",
                "Sud, 8 senza briscola, basso",
                "7 di fiori",
                "asso di picche",
                "10 di quadri",
                "donna di cuori",
            ],
        ),
        (
            "pt",
            [
                "Leste, 7 copas",
                "Sul, 8 sem trunfo, baixo",
                "7 de paus",
                "ás de espadas",
                "10 de ouros",
                "dama de copas",
            ],
        ),
        (
            "fi",
            [
                "Itä, 7 herttaa",
                "Etelä, 8 nolla, matala",
                "risti 7",
                "pata ässä",
                "ruutu 10",
                "hertta rouva",
            ],
        ),
        (
            "es",
            [
                "Este, 7 corazones",
                "Sur, 8 sin triunfo, bajo",
                "7 de tréboles",
                "as de picas",
                "10 de diamantes",
                "reina de corazones",
            ],
        ),
        (
            "ru",
            [
                "Восток, 7 червей",
                "Юг, 8 без козыря, низкая",
                "7 треф",
                "туз пик",
                "10 бубён",
                "дама червей",
            ],
        ),
        (
            "fr",
            [
                "Est, 7 coeur",
                "Sud, 8 sans-atout, basse",
                "7 de trèfle",
                "as de pique",
                "10 de carreau",
                "dame de coeur",
            ],
        ),
    ],
)
def test_contracts_and_cards_in_each_language(lang: str, words: list[str]) -> None:
    messages = [
        contract(ContractEntry(Seat.E, 7, Suit.H)),
        contract(ContractEntry(Seat.S, 8, None, low=True)),
        *(card(Card.from_code(c)) for c in ("7C", "AS", "TD", "QH")),
    ]
    assert [localize_in(m, lang) for m in messages] == words


def test_cards_and_tricks_are_said_from_the_change_alone() -> None:
    change = Change(append=[CardEntry(Card.from_code("5H")), TrickEntry(Seat.W)])
    nothing = Facts("cards", ("NS", "EW"))  # no game, no totals: a card needs none
    assert said([(change, nothing)]) == ["5 of hearts", "trick to West"]
    assert said([(change, nothing)], ("cards",)) == ["5 of hearts"]


def test_the_score_on_demand() -> None:
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    play(table, f"{DEAL} {BID} {TRICKS} OK")
    table.choose(language="ru")  # the menu's Language: the facts carry it
    spoken = score(facts(table, scored_entries(table)))
    assert {u.language for u in spoken} == {"ru"}
    assert [localize_in(u.words, "ru") for u in spoken] == ["Север-Юг минус 1, Восток-Запад 11"]
    assert [u.topic for u in spoken] == ["totals"]
