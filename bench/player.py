"""A seeded player that keeps a table busy: whole hands in TABLE.md's key flows, with slips.

It looks at the table's screen only between chunks (a hand, a game over, a new game), so the
keys of a chunk are the keys a person at the table would press, including a few that change
nothing on the screen (a DOWN at the lowest bid, an OK during the tricks) and a few undos.
"""

from __future__ import annotations

import random

from kaiser_core.table import DIRECTION_OF_SEAT, Screen, Table

#: The key name pointing at each seat letter, from the one map every layer uses.
SEAT_KEY = {seat.value: key.value for seat, key in DIRECTION_OF_SEAT.items()}
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
SEATS = "NESW"
HOLDS = ("HOLD-OK", "HOLD-A", "HOLD-B")


class Player:
    """Key chunks for whatever screen the table is on; the same seed gives the same game."""

    def __init__(self, seed: int = 6) -> None:
        self.rng = random.Random(seed)

    def chunk(self, table: Table) -> list[str]:
        """The next keys: a whole hand from SCORE, OK on GAME OVER, a dealer on NEW GAME.

        Raises RuntimeError on a screen no chunk starts from (the flows changed).
        """
        screen = table.ui.screen
        if screen is Screen.NEW_GAME:
            return [self.rng.choice(list(SEAT_KEY.values()))]
        if screen is Screen.GAME_OVER:
            return ["OK"]
        if screen is Screen.SCORE:
            rules = table.rules
            return self.hand(rules.min_bid, rules.nt_minimum, rules.tricks_per_hand)
        raise RuntimeError(f"the player cannot start from the {screen.value} screen")

    def hand(self, min_bid: int, nt_min: int, tricks: int) -> list[str]:
        """One hand entered per trick, from SCORE back to SCORE (or GAME OVER)."""
        rng = self.rng
        keys: list[str] = []
        if rng.random() < 0.3:
            keys.append("LEFT")  # nothing on SCORE
        if rng.random() < 0.08:
            keys += ["HOLD-OK", "DOWN", "B"]  # a look at the menu
        bidder = rng.choice(SEATS)
        if rng.random() < 0.05:
            return [*keys, "OK", SEAT_KEY[bidder], "B", "A"]  # back to step 1, a redeal
        keys += ["OK", SEAT_KEY[bidder]]
        if rng.random() < 0.3:
            keys.append("DOWN")  # already the lowest bid: nothing changes
        trump = rng.choices(range(5), weights=(3, 3, 3, 3, 1))[0]
        number = rng.choices(range(min_bid, 11), weights=(5, 5, 4, 2, 1)[: 11 - min_bid])[0]
        keys += ["RIGHT"] * trump
        start = nt_min if trump == 4 else min_bid
        keys += ["UP"] * max(0, number - start)
        keys.append("OK")
        side = (bidder, PARTNER[bidder])
        others = [s for s in SEATS if s not in side]
        winners = [
            rng.choice(side) if rng.random() < 0.75 else rng.choice(others) for _ in range(tricks)
        ]
        five = rng.randrange(tricks + 2)  # tricks or tricks+1: asked after the last trick
        three = rng.randrange(tricks + 2)
        for i, winner in enumerate(winners):
            if rng.random() < 0.08:
                keys.append("OK")  # nothing during the tricks
            if i == five:
                keys.append("A")
            if i == three:
                keys.append("B")
            if rng.random() < 0.05:
                keys += ["A", "A"]  # marked, then cleared (or refused: taken earlier)
            keys.append(SEAT_KEY[winner])
            if rng.random() < 0.05:
                keys += ["HOLD-B", SEAT_KEY[winner]]  # undone and entered again
        if five >= tricks:
            keys.append(SEAT_KEY[rng.choice(winners)])
        if three >= tricks:
            keys.append(SEAT_KEY[rng.choice(winners)])
        return [*keys, "OK"]
