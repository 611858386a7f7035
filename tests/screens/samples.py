"""Sample views: every screen of the table, with its edge cases, by name.

Each sample gets the hint line its screen's module gives (``hinted``), so the pictures show
what the table shows.
"""

import dataclasses

import kaiser_core.rule_words
import kaiser_core.table  # noqa: F401  (so do the club screens')
from kaiser_core.cards import Card, Seat, Suit, Team
from kaiser_core.messages import Message
from kaiser_core.modes import Mode
from kaiser_core.table.hints import say, step
from kaiser_core.table.lists import HELP
from kaiser_core.table.lists import hint as list_hint
from kaiser_core.table.new_game import hint as new_game_hint
from kaiser_core.table.profile import HINT as PROFILE_HINT
from kaiser_core.views import View
from kaiser_core.views.base import ContractLabel, LiveContract, TeamScore
from kaiser_core.views.cards import CardsView
from kaiser_core.views.club import ClubRoundView, ClubWaitView, RoundOverView
from kaiser_core.views.contract import BidderView, BidView, ScoreView
from kaiser_core.views.game_over import GameOverView
from kaiser_core.views.lists import ListView, MenuView
from kaiser_core.views.new_game import NewGameView
from kaiser_core.views.question import QuestionView
from kaiser_core.views.quick import QuickView
from kaiser_core.views.summary import SummaryView
from kaiser_core.views.tricks import AskSpecialView, TricksView

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
from kaiser_core.rules import Rules  # noqa: E402
from kaiser_core.table import SCREENS, Key, Table  # noqa: E402

C = Card.from_code
LONG_NS = "The Saskatoon Raccoons of the Prairie"
LONG_PLAYER = "Bartholomew-Maximilian Jr"
LONG_EW = "Wolfgang's Wandering Whist Wizards"

E8H = ContractLabel(E, 8, Suit.H)
W7NT = ContractLabel(W, 7, None)
N9S_LOW = ContractLabel(N, 9, Suit.S, low=True)
S12_LEAD = ContractLabel(S, 12, None, first_lead=True)  # trump_by_first_lead: no suit named
M = Message
MADE, SET = Message("word.made"), Message("word.set")
REASONS = (
    Message("score.nt_times", team=Team.EW, times=2),
    Message("reason.kaiser_bid_alone", team=Team.EW, amount=-24),
    Message(
        "reason.three_spades_needs_tricks",
        team=Team.NS,
        tricks=1,
        trick_word=Message("word.trick", count=1),
        amount=-3,
    ),
)

MENU_ITEMS = (
    M("menu.item.undo"),
    M("menu.item.redeal"),
    M("menu.item.mode", mode=Mode.PER_TRICK),
    M("menu.item.rules"),
    M("menu.item.new_game"),
    M("menu.item.history"),
    M("menu.item.flip", state=M("word.off")),
    M("menu.item.shut_down"),
)


def _tricks(**changes: object) -> TricksView:
    base: dict[str, object] = dict(
        contract=E8H,
        trick=5,
        of=8,
        tricks_ns=1,
        tricks_ew=3,
        five_with=E,
        three_with=None,
        mark_five=False,
        mark_three=False,
        live=LiveContract(8, 8, 12, ""),
    )
    base.update(changes)
    return TricksView(**base)  # type: ignore[arg-type]


def _cards(**changes: object) -> CardsView:
    base: dict[str, object] = dict(
        contract=E8H,
        trick=3,
        of=8,
        tricks_ns=1,
        tricks_ew=1,
        cards=((E, C("AH")), (S, C("TH")), (W, C("5H"))),
        next_seat=N,
        last_trick=(),
        last_winner=None,
        live=LiveContract(1, 8, 12, ""),
        reader_online=True,
    )
    base.update(changes)
    return CardsView(**base)  # type: ignore[arg-type]


def _change(number, bidder, bid, trump, result, ns, ew, ns_total, ew_total):  # type: ignore[no-untyped-def]
    """A History hand line as the core makes it (kaiser_core.table.lists.hand_lines)."""
    return Message(
        "history.change",
        number=number,
        bidder=bidder,
        bid=bid,
        trump=trump.symbol if trump else Message("bid.nt"),
        result=Message(result),
        ns=ns,
        ew=ew,
        ns_total=ns_total,
        ew_total=ew_total,
    )


SAMPLES: dict[str, View] = {
    "new_game": NewGameView("standard"),
    "new_game_message": NewGameView("tournament", message="Push toward a seat, or OK"),
    "score": ScoreView(TeamScore(Team.NS, "NS", -1), TeamScore(Team.EW, "EW", 11), E, S, 52, 2),
    "score_extremes": ScoreView(
        TeamScore(Team.NS, "NS", -99), TeamScore(Team.EW, "EW", 199), W, N, 52, 40
    ),
    "score_long_names": ScoreView(
        TeamScore(Team.NS, LONG_NS, 188),
        TeamScore(Team.EW, LONG_EW, -88),
        S,
        W,
        62,
        17,
        warnings=(
            Message("score.at_cap", name=LONG_EW, cap=45),
            Message("score.needs", team=Team.NS, points=4),
        ),
        series=(12, 9),
    ),
    "score_warnings": ScoreView(
        TeamScore(Team.NS, "Us", 47),
        TeamScore(Team.EW, "Them", 31),
        N,
        E,
        52,
        9,
        warnings=(
            Message("score.at_cap", name="Us", cap=45),
            Message("score.needs", team=Team.NS, points=5),
        ),
        series=(2, 1),
    ),
    "score_message": ScoreView(
        TeamScore(Team.NS, "Us", 47),
        TeamScore(Team.EW, "Them", 31),
        N,
        E,
        52,
        9,
        warnings=(Message("score.at_cap", name="Us", cap=45),),
        series=(0, 0),
        message="Undid the hand: E 8♥ made",
    ),
    "score_last": ScoreView(
        TeamScore(Team.NS, "Us", 8),
        TeamScore(Team.EW, "Them", -2),
        S,
        W,
        52,
        2,
        last=Message(
            "score.last",
            team=Team.NS,
            bid=8,
            trump=Suit.H,
            result=Message("word.made"),
            delta="+8",
            other="-2",
        ),
    ),
    "score_redealt": ScoreView(
        TeamScore(Team.NS, "Us", 8),
        TeamScore(Team.EW, "Them", -2),
        S,
        W,
        52,
        3,
        last=Message("score.last_redeal", dealer=E),
        message=Message("menu.redealt", dealer=S),
    ),
    "confirm_new": QuestionView(
        Message("confirm_new.title"),
        (Message("confirm_new.line1"), Message("confirm_new.line2")),
    ),
    "bidder": BidderView(N),
    "bidder_message": BidderView(W, message="Redeal: W deals again"),
    "bid_spades": BidView(E, 7, Suit.S, False, False, 7),
    "bid_hearts": BidView(E, 8, Suit.H, False, True, 7),
    "bid_diamonds": BidView(S, 10, Suit.D, False, True, 7),
    "bid_clubs": BidView(W, 12, Suit.C, False, False, 7),
    "bid_nt": BidView(N, 8, None, False, True, 8),
    "bid_low": BidView(N, 9, Suit.S, True, True, 7, message="12 is the highest bid"),
    "bid_first_lead": BidView(E, 12, Suit.S, False, False, 7, lead_trump=True),
    "tricks": _tricks(),
    "tricks_first": _tricks(
        contract=W7NT,
        trick=1,
        of=7,
        tricks_ns=0,
        tricks_ew=0,
        five_with=None,
        live=LiveContract(0, 7, 12, ""),
    ),
    "tricks_marks": _tricks(mark_five=True, mark_three=True, five_with=None),
    "tricks_first_lead": _tricks(contract=S12_LEAD, trick=8, mark_five=True, five_with=None),
    "tricks_made": _tricks(
        trick=8, tricks_ns=1, tricks_ew=6, three_with=N, live=LiveContract(11, 8, 12, "MADE")
    ),
    "tricks_set": _tricks(
        contract=N9S_LOW,
        trick=7,
        tricks_ns=3,
        tricks_ew=3,
        five_with=W,
        three_with=N,
        live=LiveContract(0, 9, 2, "SET"),
        message=M("tricks.marked", card=C("5H"), trick=3),
    ),
    "cards": _cards(),
    "cards_offline": _cards(
        reader_online=False, revokes=(Message("cards.revoked", seat=S, trick=2),)
    ),
    "cards_last_trick": _cards(
        cards=(),
        next_seat=E,
        last_trick=((E, C("AH")), (S, C("TH")), (W, C("5H")), (N, C("3S"))),
        last_winner=E,
        live=LiveContract(3, 8, 12, ""),
    ),
    "cards_made": _cards(
        cards=((N, C("9C")),),
        next_seat=E,
        live=LiveContract(9, 8, 10, "MADE"),
        message="'5S' is not a card of the pack",
    ),
    "ask_five": AskSpecialView(C("5H")),
    "ask_three": AskSpecialView(C("3S"), message="W took no trick"),
    "quick": QuickView(E8H, 4, 8, "", ""),
    "quick_set": QuickView(W7NT, 6, 7, "bidders", "defenders"),
    "quick_message": QuickView(N9S_LOW, 0, 8, "defenders", "", message="Who took 3♠? Press B"),
    "quick_swept": QuickView(
        E8H, 8, 8, "bidders", "bidders", message=M("quick.swept", side="bidders", tricks=8)
    ),
    "summary_made": SummaryView(
        E8H, 2, 11, True, -1, 11, (), TeamScore(Team.NS, "NS", -1), TeamScore(Team.EW, "EW", 11)
    ),
    "summary_nt_cap": SummaryView(
        W7NT,
        5,
        7,
        True,
        0,
        14,
        (M("score.nt_times", team=Team.EW, times=2), M("score.capped", team=Team.NS, cap=45)),
        TeamScore(Team.NS, LONG_NS, 47),
        TeamScore(Team.EW, LONG_EW, 39),
    ),
    "summary_set": SummaryView(
        N9S_LOW,
        6,
        4,
        False,
        -9,
        4,
        (),
        TeamScore(Team.NS, "Us", -99),
        TeamScore(Team.EW, "Them", 199),
        message="OK to commit",
    ),
    "game_over": GameOverView(
        TeamScore(Team.EW, "EW", 53),
        TeamScore(Team.NS, "NS", 31),
        False,
        M("end.reached", target=52),
    ),
    "game_over_skunk": GameOverView(
        TeamScore(Team.NS, LONG_NS, 199),
        TeamScore(Team.EW, LONG_EW, -99),
        True,
        M("end.kaiser_bid"),
        series=(3, 1),
    ),
    "club_waiting": ClubWaitView(
        "Tuesday Kaiser", M("club.waiting", round=2), M("club.broker_on"), True
    ),
    "club_waiting_offline": ClubWaitView(
        LONG_NS, M("club.waiting", round=1), M("club.broker_off"), False, message="B: nothing"
    ),
    "club_round": ClubRoundView(
        M("club.round_table", round=2, table=3), {N: "Ann", E: "Bob", S: "Cy", W: "Di"}
    ),
    "club_round_long": ClubRoundView(
        M("club.round_table", round=12, table=31),
        {N: LONG_NS, E: "Zoë <b>", S: "李小龍", W: LONG_EW},
    ),
    "round_over": RoundOverView(
        M("club.round_over", round=2),
        M("club.won", team="Bob & Di"),
        (TeamScore(Team.EW, "Bob & Di", 54), TeamScore(Team.NS, "Ann & Cy", 31)),
        M("club.ok_waiting"),
    ),
    "round_over_ended": RoundOverView(
        M("club.round_over", round=2),
        M("club.ended"),
        (TeamScore(Team.NS, LONG_NS, 31), TeamScore(Team.EW, LONG_EW, 12)),
        M("club.ok_waiting"),
        message="undo: not after the round ended",
    ),
    "menu": MenuView(MENU_ITEMS, 0),
    "menu_scrolled": MenuView(MENU_ITEMS, 6),
    "menu_last": MenuView(MENU_ITEMS, 7, message="Nothing to undo"),
    # a table with a [voice]: its items, the Voice item saying why speech fails
    "menu_voice": MenuView(
        (
            M("menu.item.language", language=M("language.name")),
            M("menu.item.voice_fails"),
            M("menu.item.volume", volume=100),
            M("menu.item.shut_down"),
        ),
        1,
        message=M("menu.voice_fails", reason=M("voice.not_installed", program="espeak-ng")),
    ),
    "menu_voice_off": MenuView(
        (M("menu.item.voice", state=M("word.off")), M("menu.item.volume", volume=20)),
        1,
        message=M("menu.volume", volume=20),
    ),
    "list_history": ListView(
        M("history.title"),
        (
            M("history.hand", number=1, bidder=E, bid=8, trump=Suit.H, result=MADE, ns=-1, ew=11),
            M("history.redeal", number=2, dealer=S),
            M("history.hand", number=3, bidder=W, bid=7, trump="NT", result=SET, ns=13, ew=-3),
            M("history.hand", number=4, bidder=N, bid=9, trump=Suit.S, result=MADE, ns=22, ew=-3),
            M("history.hand", number=5, bidder=E, bid=10, trump=Suit.D, result=SET, ns=22, ew=-13),
            M("history.hand", number=6, bidder=S, bid=8, trump=Suit.C, result=MADE, ns=33, ew=-13),
            M("history.hand", number=7, bidder=N, bid=9, trump=Suit.H, result=MADE, ns=42, ew=-13),
        ),
        6,
    ),
    "list_rules": ListView(
        M("rules.title", profile="open-defense"),
        (
            M("rules.option", name="target", value=52),
            M("rules.option", name="defender_cap_at", value=45),
            M("rules.option", name="low_allowed", value=False),
            "made_scores: raw points and a very long value to truncate",
        ),
        0,
        message="B to close",
    ),
    # issue 13: the house rules at the table
    "bid_nt_low": BidView(E, 7, None, True, False, 7, nt_low=True),
    "score_max_hands": ScoreView(
        TeamScore(Team.NS, "Us", 31),
        TeamScore(Team.EW, "Them", 46),
        W,
        N,
        52,
        7,
        warnings=(Message("score.needs", team=Team.EW, points=6),),
        progress=M("hand.of", number=7, of=10),
    ),
    "score_play_on": ScoreView(
        TeamScore(Team.NS, "NS", 40),
        TeamScore(Team.EW, "EW", 40),
        N,
        E,
        52,
        11,
        progress=M("hand.play_on", number=11),
    ),
    "tricks_max_hands": _tricks(progress=M("hand.of", number=3, of=10)),
    "quick_max_hands": QuickView(E8H, 5, 8, "bidders", "", progress=M("hand.of", number=10, of=10)),
    "summary_reasons": SummaryView(
        ContractLabel(E, 12, None),
        -2,
        12,
        False,
        -3,
        -24,
        (*REASONS,),
        TeamScore(Team.NS, "NS", 37),
        TeamScore(Team.EW, "EW", 16),
    ),
    "summary_discarded": SummaryView(  # widow, card reader: the bidder discarded 5♥
        ContractLabel(E, 7, Suit.S),
        3,
        1,
        False,
        3,
        -7,
        (M("summary.not_played", card=Card("5", Suit.H)),),
        TeamScore(Team.NS, "NS", 3),
        TeamScore(Team.EW, "EW", -7),
    ),
    "summary_reasons_page": SummaryView(
        ContractLabel(E, 12, None),
        -2,
        12,
        False,
        -3,
        -24,
        (*REASONS,),
        TeamScore(Team.NS, "NS", 37),
        TeamScore(Team.EW, "EW", 16),
        scroll=1,
    ),
    "game_over_max_hands": GameOverView(
        TeamScore(Team.EW, "Them", 44),
        TeamScore(Team.NS, "Us", 38),
        False,
        M("end.max_hands", played=10),
        series=(2, 1),
    ),
    "list_help": ListView(M("help.title"), tuple(M(f"help.{line}") for line in HELP), 3, wrap=True),
    "score_first_hand": ScoreView(
        TeamScore(Team.NS, "NS", 0),
        TeamScore(Team.EW, "EW", 0),
        Seat.N,
        Seat.E,
        52,
        1,
        tips=(M("tip.undo"), M("tip.menu")),
    ),
    "bidder_first_hand": BidderView(Seat.N, tips=(M("tip.undo"), M("tip.menu"))),
    "list_rules_words": ListView(
        M("rules.title", profile="standard"),
        (
            M("rules.changed", profile="standard"),
            M("rule.defender_cap_at", value=55),
            M("rule.target_after_nt", value=62),
            M("rule.cap_follows_target.true", value=True),
            M("rule.max_hands", value=10),
            M("rules.as_profile", profile="standard"),
        ),
        2,
        wrap=True,
    ),
    # uxb: players on their seats, history across games, the rules of new games
    "new_game_names": NewGameView(
        "standard",
        seats={N: "Ann", E: LONG_PLAYER, S: "Cy", W: "Dee"},
        picking=E,
    ),
    "new_game_names_message": NewGameView(
        "standard",
        message=Message("names.twice", name="Ann"),
        seats={N: "Ann", E: "Ann", S: "Cy", W: "Dee"},
        picking=E,
    ),
    "new_game_seated": NewGameView(
        "standard",
        seats={N: "Ann", E: LONG_PLAYER, S: "Cy", W: "Dee"},
        names_back=True,
    ),
    "list_games": ListView(
        Message("history.games_title"),
        (
            Message("history.this_game", ns="Us", ns_total=31, ew="Them", ew_total=20),
            Message(
                "history.game",
                date="2026-11-28 20:15",
                ns="Us",
                ns_total=-1,
                ew="Them",
                ew_total=52,
                winner="Them",
            ),
            Message(
                "history.game_undated",
                number=3,
                ns="The Saskatoon Raccoons of the",
                ns_total=52,
                ew="Wolfgang's Wandering Whist",
                ew_total=40,
                winner="The Saskatoon Raccoons of the",
            ),
        ),
        1,
        wrap=True,
        hint=list_hint("history"),
    ),
    "list_hands": ListView(
        Message("history.hands_title", ns="Us", ew="Them"),
        (
            _change(1, Seat.E, 8, Suit.H, "word.made", "-1", "+11", -1, 11),
            Message("history.redealt", dealer=Seat.S),
            _change(2, Seat.W, 7, None, "word.set", "+2", "-14", 1, -3),
            _change(3, Seat.N, 12, None, "word.made", "+24", "-2", 25, -5),
        ),
        0,
        wrap=True,
    ),
    "list_profiles": ListView(
        Message("profile.title"),
        (
            "* config: standard + 2 house rules",
            "  standard",
            "  open-defense",
            "  tournament",
            "  skat",
            "  widow",
        ),
        2,
        message=Message("profile.now", rules="open-defense"),
        wrap=True,
        hint=PROFILE_HINT,
    ),
    "list_rules_house": ListView(
        Message("rules.title_house", profile="open-defense", count=12),
        (
            Message("rules.changed", profile="open-defense"),
            "Defenders stop at 45",
            "At most 10 hands a game",
        ),
        1,
        wrap=True,
    ),
}


def hinted(view: View) -> View:
    """``view`` with the hint line its screen's module gives it (see kaiser_core.table)."""
    hint: tuple[str, ...] = ()
    if isinstance(view, ScoreView):
        hint = (step("OK", "hint.contract"),)
    elif isinstance(view, BidderView):
        hint = (step("A", "hint.redeal"), step("B", "hint.back"))
    elif isinstance(view, BidView):
        low = (step("A", "hint.low"),) if view.low_allowed else ()
        hint = (step("OK", "hint.enter"), *low, step("B", "hint.back"))
    elif isinstance(view, TricksView):
        hint = (say("hint.winner"),)
    elif isinstance(view, AskSpecialView):
        hint = (say("hint.seat"),)
    elif isinstance(view, CardsView):
        online = say("hint.read", seat=view.next_seat)
        hint = (online if view.reader_online else say("hint.offline"),)
    elif isinstance(view, QuickView):
        done = view.five and view.three
        hint = (step("OK", "hint.score_hand") if done else step("A/B", "hint.who_took"),)
    elif isinstance(view, SummaryView):
        why = (step("▲▼", "hint.reasons"),) if view.notes else ()
        hint = (step("OK", "hint.confirm"), *why)
    elif isinstance(view, GameOverView):
        hint = (step("OK", "hint.new_game"),)
    elif isinstance(view, MenuView):
        hint = (step("▲▼", "hint.move"), step("OK", "hint.choose"))
    elif isinstance(view, ListView):
        hint = (step("▲▼", "hint.scroll"), step("B", "hint.back"))
    elif isinstance(view, NewGameView):
        hint = new_game_hint(view.picking is not None, view.names_back)
    elif isinstance(view, QuestionView):
        hint = (step("OK", "hint.yes"), step("B", "hint.no"))
    if hint and not getattr(view, "hint", ()):
        return dataclasses.replace(view, hint=hint)  # type: ignore[call-arg]
    return view


def screen_samples(known: set[type]) -> dict[str, View]:
    """A view of every menu screen of ``SCREENS`` whose kind of view the samples above do
    not show, opened over a game's SCORE: a new screen (docs/ARCHITECTURE.md) gets its
    reference pictures, glyph and clipping checks from here with no edit to this file."""
    found: dict[str, View] = {}
    for screen in SCREENS:
        table = Table(Rules(), names={Team.NS: LONG_NS, Team.EW: LONG_EW})
        table.press(Key.UP)  # a game, on SCORE
        if table.pages[screen].menu:
            table.open(screen)
            view = table.view()
            if type(view) not in known:
                found[f"screen-{screen.value}"] = view
    return found


def choose_samples() -> dict[str, View]:
    """The menu's Language and Entry lists (CHOOSE: opened from menu items, not listed)."""
    from kaiser_core.table import choose

    found: dict[str, View] = {}
    for kind in ("language", "mode"):
        table = Table(Rules(), reader_available=True)
        table.press(Key.UP)
        choose.open_list(table, kind)
        table.press(Key.DOWN)
        found[f"choose_{kind}"] = table.view()
    return found


SAMPLES |= screen_samples({type(view) for view in SAMPLES.values()})
SAMPLES |= choose_samples()
SAMPLES = {name: hinted(view) for name, view in SAMPLES.items()}
