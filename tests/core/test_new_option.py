"""docs/ARCHITECTURE.md's "A new house-rule option", done as it says on a copy of the
repository, then checked as CI checks the project.

The option: ``made_bonus`` (0 to 4), points a made contract scores on top. The test writes
the field, its words and the line where it acts, translates its words, adds its words to
docs/RULES.md and a game record worked out by hand, then runs mypy, ruff, the catalogs'
check, the core tests and ``kaiser-scorer score`` on the copy. It fails when the doc names
other source files, when a check asks for another file, or when the option does not score.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))
from test_new_screen import copy_repo, run, snapshot

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
FIELD = "    made_bonus: int = option(0, low=0, high=4)  # a made contract scores this more\n"
WORDS = '    "rule.made_bonus": "A made bid scores {value} more",\n'
WORDS += '    "rule.made_bonus.0": "No bonus for a made bid",\n'
ACTS = "        bidder_delta = base * mult\n"
TRANSLATED = {
    "it": ("Un contratto fatto vale {value} in più", "Nessun premio al contratto fatto"),
    "pt": ("Um contrato feito vale mais {value}", "Sem bónus por contrato feito"),
    "fi": ("Onnistunut tarjous saa {value} lisää", "Ei lisää onnistuneesta"),
    "es": ("Un contrato cumplido suma {value} más", "Sin premio al contrato cumplido"),
    "ru": ("Выполненный контракт даёт ещё {value}", "Без премии за контракт"),
    "fr": ("Un contrat réussi vaut {value} de plus", "Pas de prime au contrat réussi"),
}
# Worked by hand: TABLE.md's first two hands with made_bonus 2.
RECORD = {
    "description": "made_bonus 2: each made contract scores 2 more",
    "notes": [
        "hand 1 (dealer N): E 8H, tricks EW 6 + 5H = 11 >= 8 made: 11 + 2 = +13; NS 2 - 3 = -1.",
        "hand 2 (dealer E): N 8S, taken NS 5 + 5H = 10 >= 8 made: 10 + 2 = +12; EW 3 - 3 = 0.",
        "Totals NS 11, EW 13; next dealer S.",
    ],
    "record": {
        "format": "kaiser-game/1",
        "rules": {"profile": "standard", "options": {"made_bonus": 2}},
        "first_dealer": "N",
        "hands": [
            {
                "auction": ["8", "pass", "pass", "pass"],
                "trump": "H",
                "tricks": ["E", "S", "E", "E", "W", "N", "E", "W"],
                "five_hearts": "E",
                "three_spades": "N",
            },
            {
                "auction": ["7", "pass", "8", "pass"],
                "trump": "S",
                "taken": {"NS": 5, "EW": 3},
                "five_hearts": "NS",
                "three_spades": "EW",
            },
        ],
    },
    "expect": {
        "deltas": [[-1, 13], [12, 0]],
        "totals": {"NS": 11, "EW": 13},
        "winner": None,
        "skunk": False,
        "next_dealer": "S",
    },
}


def doc_section() -> str:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    return text.split("**A new house-rule option**", 1)[1].split("\n**", 1)[0]


def insert(path: Path, before: str, text: str, after: bool = False) -> None:
    source = path.read_text()
    assert source.count(before) == 1, (path, before)
    new = before + text if after else text + before
    path.write_text(source.replace(before, new))


def translate(po: Path, words: tuple[str, str]) -> None:
    text = po.read_text().replace("#, fuzzy\n", "")
    for key, word in zip(("rule.made_bonus", "rule.made_bonus.0"), words, strict=True):
        entry = re.compile(rf'(msgctxt "{re.escape(key)}"\nmsgid "[^"]*"\nmsgstr )""')
        assert entry.search(text), (po, key)
        text = entry.sub(lambda m, w=word: f'{m.group(1)}"{w}"', text)
    po.write_text(text)


def test_a_new_option_takes_three_source_files_and_passes_what_ci_runs(tmp_path: Path) -> None:
    section = doc_section()
    assert re.findall(r"^- `([^`]+)`", section, re.M) == [
        "kaiser_core/rules.py",
        "kaiser_core/rule_words.py",
    ]
    assert "where it acts: `kaiser_core/scoring.py`" in section
    repo = tmp_path / "repo"
    copy_repo(repo)
    before = snapshot(repo)

    insert(repo / "kaiser_core/rules.py", '    profile: str = "standard"\n', FIELD)
    insert(repo / "kaiser_core/rule_words.py", '    "rule.target": "Game to {value}",\n', WORDS)
    bonus = "        bidder_delta += rules.made_bonus\n"
    insert(repo / "kaiser_core/scoring.py", ACTS, bonus, after=True)
    rules_doc = repo / "docs/RULES.md"
    rules_doc.write_text(
        rules_doc.read_text() + "\n- `made_bonus` (0 to 4, default 0): a made contract scores "
        "this many points more.\n"
    )
    game = repo / "tests/games/065_made_bonus.json"
    game.write_text(json.dumps(RECORD, indent=2, ensure_ascii=False) + "\n")

    run(repo, "-m", "hardware.i18n.catalogs", "update")
    for po in sorted((repo / "hardware/locale").glob("*/LC_MESSAGES/kaiser.po")):
        translate(po, TRANSLATED[po.parts[-3]])
    run(repo, "-m", "hardware.i18n.catalogs", "update")
    run(repo, "-m", "hardware.i18n.catalogs", "check")

    run(repo, "-m", "mypy", "--strict", "kaiser_core", "hardware")
    run(repo, "-m", "ruff", "check", "kaiser_core", "hardware", "tests/core")
    run(repo, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow", "tests/core")
    run(repo, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow", "tests/i18n")
    (tmp_path / "record.json").write_text(json.dumps(RECORD["record"]))
    scored = json.loads(
        run(
            repo,
            "-c",
            "import sys; from hardware.cli import main; sys.exit(main(sys.argv[1:]))",
            "score",
            str(tmp_path / "record.json"),
        )
    )
    assert scored["totals"] == {"NS": 11, "EW": 13}
    words = run(repo, "-c", WORDS_SHOWN)
    assert words.split("\n")[:2] == ["A made bid scores 2 more", "Un contrat réussi vaut 2 de plus"]

    after = snapshot(repo)
    changed = {name for name in after if before.get(name) != after[name]}
    sources = {n for n in changed if n.endswith(".py")}
    assert sources == {
        "kaiser_core/rules.py",
        "kaiser_core/rule_words.py",
        "kaiser_core/scoring.py",
    }
    rest = changed - sources - {"docs/RULES.md", "tests/games/065_made_bonus.json"}
    assert rest and all(n.startswith("hardware/locale/") for n in rest)


WORDS_SHOWN = """
from hardware.i18n import localize, set_language
from kaiser_core.rule_words import changed_words
from kaiser_core.rules import Rules
word = changed_words(Rules().replace(made_bonus=2))[0]
print(word)
set_language("fr")
print(localize(word))
"""
