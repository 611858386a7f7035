"""The score sheet's "why" lines in the page's language.

``kaiser_core.sheet.reasons`` writes them in English from a fixed set of patterns; each is
read back here and written again with the page's texts, numbers, seats and teams. The
core's own words (a house rule's reason, the winner's reason) go through the device's
``kaiser`` catalog in the page's language; a line of no known pattern is shown as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hardware.i18n import CARD_NAMES, card_names, localize_in
from hardware.i18n.english import message_of
from hardware.web.club import seat_code, team_code
from hardware.web.language import LANGUAGES, texts_for
from hardware.web.layout import num
from hardware.web.texts import T, Texts
from kaiser_core.errors import KaiserError
from kaiser_core.messages import TEXTS, Message, profile_about, profile_name
from kaiser_core.rule_words import option_words
from kaiser_core.rules import Rules

TEAM = r"(?P<team>NS|EW)"
N = r"-?\d+"
Fill = Callable[[Texts, dict[str, str]], str]


def _kind(t: Texts, g: dict[str, str]) -> str:
    return t.why_kind_nt.format(bid=g["bid"]) if g.get("nt") else g["bid"]


PATTERNS: list[tuple[re.Pattern[str], Fill]] = [
    (re.compile(r"redeal: the same dealer deals again"), lambda t, g: t.why_redeal),
    (
        re.compile(r"redeal: all four passed, the same dealer deals again"),
        lambda t, g: t.why_all_passed,
    ),
    (
        re.compile(rf"{TEAM} made (?P<bid>\d+)(?P<nt> no-trump)?: scores the bid \((?P=bid)\)"),
        lambda t, g: t.why_made_bid.format(team=g["team"], kind=_kind(t, g), bid=g["bid"]),
    ),
    (
        re.compile(
            rf"{TEAM} made (?P<bid>\d+)(?P<nt> no-trump)?: scores the (?P<raw>{N}) points"
            " taken"
        ),
        lambda t, g: t.why_made_raw.format(team=g["team"], kind=_kind(t, g), raw=g["raw"]),
    ),
    (
        re.compile(rf"no-trump made: doubled to (?P<points>{N})"),
        lambda t, g: t.why_nt_made.format(points=g["points"]),
    ),
    (
        re.compile(rf"{TEAM} set: took (?P<raw>{N}) of (?P<bid>\d+), loses (?P=bid)"),
        lambda t, g: t.why_set.format(team=g["team"], raw=g["raw"], bid=g["bid"]),
    ),
    (
        re.compile(rf"no-trump set: doubled to (?P<points>{N})"),
        lambda t, g: t.why_nt_set.format(points=g["points"]),
    ),
    (
        re.compile(rf"{TEAM} at (?P<total>{N}) \(cap (?P<cap>{N})\): defenders score nothing"),
        lambda t, g: t.why_capped.format(team=g["team"], total=g["total"], cap=g["cap"]),
    ),
    (
        re.compile(rf"{TEAM} defends: scores its (?P<points>{N}) points"),
        lambda t, g: t.why_defends.format(team=g["team"], points=g["points"]),
    ),
    (
        re.compile(rf"no-trump made: the target is now (?P<target>{N})"),
        lambda t, g: t.why_target.format(target=g["target"]),
    ),
    (
        re.compile(r"revoke: (?P<seat>[NESW]) in trick (?P<trick>\d+)"),
        lambda t, g: t.why_revoke.format(seat=g["seat"], trick=g["trick"]),
    ),
    (re.compile(r"skunk: the losers are at 0 or below"), lambda t, g: t.why_skunk),
    (
        re.compile(rf"{TEAM} wins: (?P<reason>.*)"),
        lambda t, g: t.why_wins.format(team=g["team"], reason=core_words(g["reason"], t)),
    ),
]


def _local(t: Texts, groups: dict[str, str | None]) -> dict[str, str]:
    """The matched parts as ``t``'s language writes them: numbers, teams, seats."""
    out: dict[str, str] = {}
    for key, value in groups.items():
        if value is None:
            continue
        if key == "team":
            out[key] = team_code(t, value)
        elif key == "seat":
            out[key] = seat_code(t, value)
        elif re.fullmatch(N, value):
            out[key] = num(int(value), t)
        else:
            out[key] = value
    return out


def language_of(t: Texts) -> str:
    """The code of the language whose texts ``t`` are (English for any other)."""
    return next((code for code in LANGUAGES if texts_for(code) is t), "en")


def core_words(text: str, t: Texts = T) -> str:
    """The core's words (a Message, or a game-end reason's English) in ``t``'s language."""
    message = text if isinstance(text, Message) else message_of(text, "end.")
    return localize_in(message, language_of(t)) if message is not None else text


def why_line(line: str, t: Texts = T, profile: str = "standard") -> tuple[str, bool]:
    """One "why" line in ``t``'s language, and whether its pattern was known (``profile``:
    the game's, which may give the special cards their names in the language)."""
    for pattern, fill in PATTERNS:
        found = pattern.fullmatch(line)
        if found:
            words = fill(t, _local(t, found.groupdict()))
            return card_names(words, CARD_NAMES.get((language_of(t), profile))), True
    if isinstance(line, Message):
        return localize_in(line, language_of(t), profile), True
    return line, False


def why_lines(lines: list[str], t: Texts = T, profile: str = "standard") -> list[str]:
    """Every "why" line of a hand in ``t``'s language."""
    return [why_line(line, t, profile)[0] for line in lines]


def profile_of(rules: list[str]) -> str:
    """The profile named by a sheet's rules lines (``profile joffre``, then house rules)."""
    first = rules[0] if rules else ""
    return first.removeprefix("profile ") if first.startswith("profile ") else "standard"


def profile_words(code: str, t: Texts = T, about: bool = False) -> str:
    """A profile's name in ``t``'s language (a built-in one's; another as it is), with
    what it is when ``about`` (the table's own catalogs: ``profile.name``, ``profile.about``)."""
    if f"profile.name.{code}" not in TEXTS:
        return code
    lang = language_of(t)
    name = localize_in(profile_name(code), lang)
    said = profile_about(code) if about else None
    return t.rules_profile.format(name=name, about=localize_in(said, lang)) if said else name


def _value(text: str) -> object:
    """A house rule's value as the sheet writes it (``kaiser_core.sheet.house_rules``)."""
    spelled: dict[str, object] = {"yes": True, "no": False, "none": None}
    if text in spelled:
        return spelled[text]
    return int(text) if re.fullmatch(N, text) else text


def rules_words(lines: list[str], t: Texts = T) -> str:
    """A sheet's rules lines (``profile standard``, ``made_scores = bid``...) in ``t``'s
    language: the profile named and said, each house rule in the table's words."""
    profile = profile_of(lines)
    options = dict(line.split(" = ", 1) for line in lines if " = " in line)
    values = {name: _value(text) for name, text in options.items()}
    try:
        rules: Rules | None = Rules.from_spec({"profile": profile, "options": values})
    except KaiserError:  # a name or value of another version: each line as it is
        rules = None
    out = [profile_words(profile, t, about=not options)]
    for name, text in options.items():
        words = option_words(name, values[name], rules) if rules is not None else None
        out.append(localize_in(words, language_of(t)) if words else f"{name} = {text}")
    return "; ".join(out)


__all__ = [
    "PATTERNS",
    "core_words",
    "language_of",
    "profile_of",
    "profile_words",
    "rules_words",
    "why_line",
    "why_lines",
]
