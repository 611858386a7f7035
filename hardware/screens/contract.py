"""The contract's screens: SCORE, BIDDER and BID."""

from __future__ import annotations

from hardware.i18n import localize
from hardware.screens.fonts import fonts
from hardware.screens.icons import icon
from hardware.screens.paint import Painter
from hardware.screens.parts import compass, message_bar, seat_labels, team_name
from hardware.screens.pen import Pen
from kaiser_core.cards import Suit
from kaiser_core.messages import Message
from kaiser_core.views.contract import BidderView, BidView, ScoreView


def score(pen: Pen, v: ScoreView) -> None:
    """Draw a ScoreView: names and totals, who deals and bids first, then what matters most."""
    tiny, _, _, big = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    half = pen.w // 2
    for team, left in ((v.ns, True), (v.ew, False)):
        games = v.series[0 if left else 1] if v.series else None
        chip = f"{games}" if games is not None else ""
        room = half - 3 - (tiny.width(chip) + 4 if chip else 0)
        name = tiny.fit(team_name(team), room)
        if left:
            x = pen.text(0, 0, name, tiny)
            if chip:
                pen.chip(x + 2, 0, chip, tiny)
            pen.text(0, 9, str(team.total), big)
        else:
            x = pen.w - tiny.width(name)
            pen.text(x, 0, name, tiny)
            if chip:
                pen.chip(x - tiny.width(chip) - 5, 0, chip, tiny)
            pen.right(pen.w, 9, str(team.total), big)
    pen.center(half, 11, Message("score.to"), tiny)
    pen.center(half, 20, str(v.target), tiny)
    pen.line(0, 30, pen.w - 1, 30)
    if bottom < 38:
        return
    pen.text(0, 31, Message("score.turn", dealer=v.dealer, bidder=v.first_bidder), tiny)
    if not v.progress:  # "hand 7 of 10" below says it
        pen.right(pen.w, 31, Message("score.hand", number=v.hand_number), tiny)
    rows = 2 if bottom >= 53 else (1 if bottom >= 46 else 0)
    for y, line in zip((39, 47), _notes(v, rows), strict=False):
        pen.text(0, y, line, tiny)


def _notes(v: ScoreView, rows: int) -> list[str]:
    """The lines under the dealer's: warnings, then the progress, then the last hand, whole."""
    tiny = fonts()[0]
    out: list[str] = []
    for message in v.warnings:
        warning = _coded(v, localize(message))
        lines = [warning] if tiny.width(warning) <= SCORE_WIDTH else tiny.wrap(warning, 128, 2)
        if len(out) + len(lines) <= rows and all(not x.endswith("…") for x in lines):
            out += lines
    for extra in (v.progress, v.last):
        extra = _coded(v, localize(extra)) if extra else extra
        if extra and len(out) < rows and tiny.width(extra) <= SCORE_WIDTH:
            out.append(extra)
    return out


def _coded(v: ScoreView, text: str) -> str:
    """``text``, or, too wide for a row, with each long team name given way to its code."""
    if fonts()[0].width(text) > SCORE_WIDTH:
        for team in (v.ns, v.ew):
            text = text.replace(team.name, localize(Message(f"team.{team.team.code}")))
    return text


SCORE_WIDTH = 128


def bidder(pen: Pen, v: BidderView) -> None:
    """Draw a BidderView."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    pen.text(0, 0, Message("bidder.title"), small)
    if bottom >= 31:
        pen.text(0, 16, Message("hint.push"), tiny)
        pen.text(0, 24, Message("hint.the_bidder"), tiny)
    if bottom >= 41:
        pen.text(0, 34, Message("bidder.dealt", seat=v.dealer), tiny)
    compass(pen, (72, 0, pen.w, min(bottom + 1, 64)), seat_labels(), arrows=True)


def trump_cycle(v: BidView) -> list[str]:
    """The places RIGHT and LEFT move through: ♠ ♥ ♦ ♣ NT (and NT low when it is a bid)."""
    suits: list[str] = [s.symbol for s in Suit]
    if v.lead_trump:  # trump_by_first_lead: no suit to choose, the first card led names it
        suits = [Message("word.lead")]
    places = [*suits, Message("word.nt")]
    return places + ([Message("bid.nt_low")] if v.nt_low else [])


def _here(v: BidView) -> int:
    """The place of the bid's trump in the cycle."""
    if v.trump is not None:
        return 0 if v.lead_trump else list(Suit).index(v.trump)
    nt = 1 if v.lead_trump else 4
    return nt + 1 if v.nt_low and v.low else nt


def bid(pen: Pen, v: BidView) -> None:
    """Draw a BidView: who won the bid, the trump cycle, the number and trump, large."""
    tiny, small, _, big = fonts()
    message_bar(pen, v.message, v.hint)  # paint() draws it again over the number
    pen.text(0, 0, Message("bid.won_by", seat=v.bidder), small)
    pen.right(pen.w, 2, Message("bid.min", number=v.minimum), tiny)
    places = trump_cycle(v)
    widths = [tiny.width(p) + 3 for p in places]
    total = sum(widths) + 3 * (len(places) - 1) + 2 * 9
    x = (pen.w - total) // 2
    pen.bitmap(x, 15, icon("◀", 5))
    x += 9
    for i, (place, w) in enumerate(zip(places, widths, strict=True)):
        if i == _here(v):
            pen.chip(x, 13, place, tiny)
        else:
            pen.text(x + 2, 14, place, tiny)
        x += w + 3
    pen.bitmap(x + 1, 15, icon("▶", 5))
    number = str(v.number)
    lead = v.lead_trump and v.trump is not None  # the number, then "first lead" in words
    if lead:
        trump_w = small.width(Message("word.lead"))
    else:
        trump_w = 18 if v.trump else big.width(Message("word.nt"))
    gap = 4
    x = (pen.w - big.width(number) - gap - trump_w) // 2
    pen.bitmap(x - 9, 26, icon("▲", 5))
    pen.bitmap(x - 9, 37, icon("▼", 5))
    pen.text(x, 24, number, big)
    tx = x + big.width(number) + gap
    if lead:
        pen.text(tx, 32, Message("word.lead"), small)
    elif v.trump:
        pen.bitmap(tx, 25, icon(v.trump.symbol, 18))
    else:
        pen.text(tx, 24, Message("word.nt"), big)
    if v.low:
        pen.chip(tx + trump_w + 3, 35, Message("word.low"), tiny)


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {ScoreView: score, BidderView: bidder, BidView: bid}
