"""The contract's screens: SCORE, BIDDER and BID."""

from __future__ import annotations

from hardware.i18n import localize
from hardware.screens import large
from hardware.screens.fonts import fonts
from hardware.screens.icons import icon
from hardware.screens.paint import Painter
from hardware.screens.parts import (
    compass,
    keyed_text,
    keyed_width,
    message_bar,
    seat_labels,
    team_name,
)
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
    tips = {localize(t) for t in v.tips}  # the keys they name in chips
    for y, line in zip((39, 47), _notes(v, rows), strict=False):
        keyed_text(pen, 0, y, line, tiny) if line in tips else pen.text(0, y, line, tiny)


def _notes(v: ScoreView, rows: int) -> list[str]:
    """The lines under the dealer's: warnings, then the progress, then the last hand, whole."""
    tiny = fonts()[0]
    out: list[str] = []
    for message in v.warnings:
        warning = _coded(v, localize(message))
        lines = [warning] if tiny.width(warning) <= SCORE_WIDTH else tiny.wrap(warning, 128, 2)
        if len(out) + len(lines) <= rows and all(not x.endswith("…") for x in lines):
            out += lines
    for extra in (v.progress, v.last, *v.tips):
        text = _coded(v, localize(extra)) if extra else extra
        if not text or len(out) >= rows:
            continue
        if (keyed_width(text, tiny) if extra in v.tips else tiny.width(text)) <= SCORE_WIDTH:
            out.append(text)
        elif extra is v.last:  # never dropped: over two rows, else its short form
            two = tiny.wrap(text, SCORE_WIDTH, 2)
            if len(out) + 2 <= rows and not two[-1].endswith("…"):
                out += two
            else:
                out.append(_short_last(v))
    return out


def _short_last(v: ScoreView) -> str:
    """The last hand's result without "last:" (``score.last_short``), for one row."""
    params = getattr(v.last, "params", None)
    text: str = v.last
    if getattr(v.last, "key", "") == "score.last" and params:
        text = _coded(v, localize(Message("score.last_short", **params)))
    return fonts()[0].fit(text, SCORE_WIDTH)  # a long team name shortened, if it must


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
    words = [Message("hint.push"), Message("hint.the_bidder")]
    words.append(Message("bidder.dealt", seat=v.dealer))
    left = max(tiny.width(w) for w in words)
    if bottom >= 31:
        pen.text(0, 16, words[0], tiny)
        pen.text(0, 24, words[1], tiny)
    if bottom >= 41:
        pen.text(0, 34, words[2], tiny)
    if bottom >= 49 and v.tips and keyed_width(v.tips[0], tiny) <= 70:  # first hands
        keyed_text(pen, 0, 42, v.tips[0], tiny)
    # the compass keeps clear of the words: its West label 8 px after the widest
    x0 = min(max(72, left + 6), 80)
    compass(pen, (x0, 0, pen.w, min(bottom + 1, 64)), seat_labels(), arrows=True)


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
    bottom = message_bar(pen, v.message, v.hint)  # paint() draws it again, the same
    pen.text(0, 0, Message("bid.won_by", seat=v.bidder), small)
    pen.right(pen.w, 2, Message("bid.min", number=v.minimum), tiny)
    y = 24  # the number's row; above a notice, in the trump cycle's place
    if bottom + 1 < y + big.height:
        y = 13
    else:
        _cycle(pen, v)
    number = str(v.number)
    lead = v.lead_trump and v.trump is not None  # the number, then "first lead" in words
    if lead:
        trump_w = small.width(Message("word.lead"))
    else:
        trump_w = 18 if v.trump else big.width(Message("word.nt"))
    gap = 4
    x = (pen.w - big.width(number) - gap - trump_w) // 2
    pen.bitmap(x - 9, y + 2, icon("▲", 5))
    pen.bitmap(x - 9, y + 13, icon("▼", 5))
    pen.text(x, y, number, big)
    tx = x + big.width(number) + gap
    if lead:
        pen.text(tx, y + 8, Message("word.lead"), small)
    elif v.trump:
        pen.bitmap(tx, y + 1, icon(v.trump.symbol, 18))
    else:
        pen.text(tx, y, Message("word.nt"), big)
    if v.low:
        pen.chip(tx + trump_w + 3, y + 11, Message("word.low"), tiny)


def _cycle(pen: Pen, v: BidView) -> None:
    """The trump cycle under who won the bid, its place now in a chip, ◀ ▶ around it."""
    tiny = fonts()[0]
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


def score_large(pen: Pen, v: ScoreView) -> None:
    """Large type: the totals as large as fits with the first warning (else who deals)
    whole under them, then who deals and the progress while there is room."""
    _, small, mid, big = fonts()
    bottom = large.frame(pen, v.hint, v.message)
    if bottom + 1 < mid.height:  # a notice leaves one row: the totals in it
        large.totals_row(pen, 0, (v.ns, v.ew))
        return
    turn = Message("score.turn", dealer=v.dealer, bidder=v.first_bidder)
    notes = [_coded(v, localize(w)) for w in v.warnings[:1]] + [turn]
    notes += [x for x in (v.progress, *v.tips) if x]
    half = pen.w // 2
    first = small.wrap(notes[0], pen.w, 4)
    if 35 + 12 * len(first) <= bottom + 1:  # names over the totals in the big digits
        pen.text(0, 0, small.fit(team_name(v.ns), half - 3), small)
        pen.right(pen.w, 0, small.fit(team_name(v.ew), half - 3), small)
        pen.text(0, 13, str(v.ns.total), big)
        pen.right(pen.w, 13, str(v.ew.total), big)
        y = 35
    else:  # a long warning: each name beside its total, in 8x16
        for team, left in ((v.ns, True), (v.ew, False)):
            total = str(team.total)
            name = small.fit(team_name(team), half - mid.width(total) - 6)
            if left:
                x = pen.text(0, 2, name, small)
                pen.text(x + 3, 0, total, mid)
            else:
                x = pen.w - small.width(name)
                pen.text(x, 2, name, small)
                pen.right(x - 3, 0, total, mid)
        y = 18
    for note in notes:
        lines = small.wrap(note, pen.w - (6 if note in v.tips else 0), 4)
        if y + 12 * len(lines) > bottom + 1 or lines[-1].endswith("…"):
            continue  # a note too long for the rows left gives way to a shorter one
        for line in lines:
            keyed_text(pen, 0, y, line, small) if note in v.tips else pen.text(0, y, line, small)
            y += 12


def bidder_large(pen: Pen, v: BidderView) -> None:
    """Large type: the question, who dealt, and the seats to push toward."""
    bottom = large.frame(pen, v.hint, v.message)
    small = fonts()[1]
    if bottom + 1 < 2 * 12 + 2:  # a notice leaves one row: the question
        large.block(pen, 0, Message("bidder.title"), bottom, largest=bottom + 1 >= 16)
        return
    y = large.block(pen, 0, Message("bidder.title"), bottom - 12, largest=not v.tips)
    pen.text(0, y + 1, Message("bidder.dealt", seat=v.dealer), small)
    y += 14
    for tip in v.tips:  # a game's first hands: the long presses, each whole, keys in chips
        lines = small.wrap(tip, pen.w - 6, 2)
        if y + 12 * len(lines) > bottom + 1 or lines[-1].endswith("…"):
            break
        for line in lines:
            keyed_text(pen, 0, y, line, small)
            y += 12


def bid_large(pen: Pen, v: BidView) -> None:
    """Large type: who won the bid, then the bid as large as it goes."""
    _, small, mid, big = fonts()
    bottom = large.frame(pen, v.hint, v.message)
    y = 16  # under who won it; above a notice, the bid alone, in 6x12 if it must
    if bottom + 1 < y + big.height:
        y = 0
    if bottom + 1 < big.height:
        _bid_row(pen, v)
        return
    if y:
        pen.text(0, 0, Message("bid.won_by", seat=v.bidder), small)
    number = str(v.number)
    lead = v.lead_trump and v.trump is not None
    if lead:
        trump_w = mid.width(Message("word.lead"))
    else:
        trump_w = 18 if v.trump else big.width(Message("word.nt"))
    low = Message("word.low") if v.low else ""
    low_w = small.width(low) + 6 if low else 0
    x = (pen.w - big.width(number) - 4 - trump_w - low_w) // 2
    pen.text(x, y, number, big)
    tx = x + big.width(number) + 4
    if lead:
        pen.text(tx, y + 4, Message("word.lead"), mid)
    elif v.trump:
        pen.bitmap(tx, y + 1, icon(v.trump.symbol, 18))
    else:
        pen.text(tx, y, Message("word.nt"), big)
    if low:
        pen.chip(tx + trump_w + 3, y + 6, low, small)


def _bid_row(pen: Pen, v: BidView) -> None:
    """The bid on one row of 6x12, centred: its number, its trump (in words for no trump
    or the first lead), then low."""
    small = fonts()[1]
    if v.trump is not None and not v.lead_trump:
        trump: str = v.trump.symbol
    else:
        trump = Message("word.lead" if v.lead_trump and v.trump else "word.nt")
    low = Message("word.low") if v.low else ""
    gap = 0 if v.trump is not None and not v.lead_trump else 6
    width = small.width(str(v.number)) + gap + small.width(trump)
    width += small.width(low) + 6 if low else 0
    x = pen.text((pen.w - width) // 2, 0, str(v.number), small) + gap
    x = pen.text(x, 0, trump, small)
    if low:
        pen.text(x + 6, 0, low, small)


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {ScoreView: score, BidderView: bidder, BidView: bid}
#: Their large type.
LARGE: dict[type, Painter] = {ScoreView: score_large, BidderView: bidder_large, BidView: bid_large}
