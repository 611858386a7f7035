"""The contract's screens: SCORE, BIDDER and BID."""

from __future__ import annotations

from hardware.i18n import localize
from hardware.screens.fonts import fonts
from hardware.screens.icons import icon
from hardware.screens.paint import painter
from hardware.screens.parts import compass, message_bar, seat_labels, team_name
from hardware.screens.pen import Pen
from kaiser_core.messages import Message
from kaiser_core.views import BidderView, BidView, ScoreView


@painter(ScoreView)
def score(pen: Pen, v: ScoreView) -> None:
    """Draw a ScoreView."""
    tiny, small, _, big = fonts()
    bottom = message_bar(pen, v.message)
    half = pen.w // 2
    for team, left in ((v.ns, True), (v.ew, False)):
        games = v.series[0 if left else 1] if v.series else None
        chip = f"{games}" if games is not None else ""
        room = half - 3 - (tiny.width(chip) + 4 if chip else 0)
        name = small.fit(team_name(team), room)
        if left:
            x = pen.text(0, 0, name, small)
            if chip:
                pen.chip(x + 1, 1, chip, tiny)
            pen.text(0, 12, str(team.total), big)
        else:
            x = pen.w - small.width(name)
            pen.text(x, 0, name, small)
            if chip:
                pen.chip(x - tiny.width(chip) - 4, 1, chip, tiny)
            pen.right(pen.w, 12, str(team.total), big)
    pen.center(half, 13, Message("score.to"), tiny)
    pen.center(half, 22, str(v.target), tiny)
    pen.line(0, 33, pen.w - 1, 33)
    if bottom >= 35 + 12:
        x = pen.text(0, 35, Message("score.deals", seat=v.dealer), small)
        pen.text(x + 6, 35, Message("score.bids", seat=v.first_bidder), small)
        if not v.progress:  # "hand 7 of 10" below says it
            pen.right(pen.w, 37, f"#{v.hand_number}", tiny)
    y = 48
    room = max(0, (bottom + 1 - y) // 8)
    lines: list[str] = [tiny.fit(v.progress, pen.w)] if v.progress else []
    for warning in v.warnings:
        warning = localize(warning)
        for team in (v.ns, v.ew):  # a long name gives way to the team's code
            if small.width(team.name) > pen.w // 3:
                code = localize(Message(f"team.{team.team.code}"))
                warning = warning.replace(team.name, code)
        # one line each when there are as many warnings as lines, else wrap the first
        free = room - (1 if v.progress else 0)
        share = 1 if len(v.warnings) >= free else room - len(lines)
        lines += tiny.wrap(warning, pen.w, max(0, share))
    for line in lines[:room]:
        pen.text(0, y, line, tiny)
        y += 8


@painter(BidderView)
def bidder(pen: Pen, v: BidderView) -> None:
    """Draw a BidderView."""
    tiny, _, mid, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, Message("bidder.title"), mid)
    pen.text(0, 19, Message("hint.push"), tiny)
    pen.text(0, 27, Message("hint.the_bidder"), tiny)
    if bottom >= 44:
        pen.text(0, 36, Message("bidder.dealt", seat=v.dealer), tiny)
    if bottom >= 64:
        x = pen.chip(0, 45, "A", tiny)
        pen.text(x + 2, 46, Message("word.redeal"), tiny)
        x = pen.chip(0, 55, "B", tiny)
        pen.text(x + 2, 56, Message("word.back"), tiny)
    compass(pen, (72, 16, pen.w, min(bottom + 1, 64)), seat_labels(), arrows=True)


@painter(BidView)
def bid(pen: Pen, v: BidView) -> None:
    """Draw a BidView."""
    tiny, small, _, big = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, Message("bid.bidder", seat=v.bidder), small)
    pen.right(pen.w, 2, Message("bid.min", number=v.minimum), tiny)
    number = str(v.number)
    trump_w = 18 if v.trump else big.width(Message("word.nt"))
    gap = 4
    x = (pen.w - big.width(number) - gap - trump_w) // 2
    pen.text(x, 15, number, big)
    tx = x + big.width(number) + gap
    if v.trump:
        pen.bitmap(tx, 16, icon(v.trump.symbol, 18))
    else:
        pen.text(tx, 15, Message("word.nt"), big)
    if v.low:
        low = Message("word.low")
        pen.chip(pen.w // 2 - 11 - (small.width(low) - small.width("low")) // 2, 39, low, small)
    if bottom >= 63:
        pen.text(0, 56, Message("bid.keys"), tiny)
        if v.low_allowed:
            low = Message("word.low")
            pen.right(pen.w, 56, low, tiny)
            pen.chip(pen.w - 25 - (tiny.width(low) - tiny.width("low")), 55, "A", tiny)
