"""Stories at the reader: the real firmware and MFRC522 driver over an emulated chip."""

from __future__ import annotations

import json

import pytest
from mpy_support import host

pytestmark = pytest.mark.slow

SUITS = "SHDC"
KAISER_DECK = [r + s for s in SUITS for r in "AKQJT98"] + ["7D", "7C", "5H", "3S"]
SKAT_PACK = [*KAISER_DECK, "7H", "7S"]


def sticker(i: int) -> str:
    """The 7-byte UID of the i-th NTAG sticker (NXP's 0x04 first)."""
    return f"04{0x10 + i:02X}5EA0{0x40 + i:02X}2031"


def teach_deck(cards: list[str]) -> list[dict]:
    steps: list[dict] = []
    for i, card in enumerate(cards):
        steps += [host("teach", card=card), {"tap": sticker(i)}]
    return steps


def test_teaching_the_whole_skat_pack_then_reading_it_back(story):
    played = story(
        [
            *teach_deck(SKAT_PACK),
            host("hello"),
            {"reboot": True},
            *[{"tap": sticker(i)} for i in range(len(SKAT_PACK))],
        ]
    )
    taught = played.of_type("taught")
    assert [(t["card"], t["uid"]) for t in taught] == [
        (card, sticker(i)) for i, card in enumerate(SKAT_PACK)
    ]
    hellos = played.of_type("hello")
    assert [h["cards"] for h in hellos] == [0, 34, 34]  # boot, asked, after the reboot
    assert played.table() == {sticker(i): card for i, card in enumerate(SKAT_PACK)}
    reads = played.reads()
    assert [r["card"] for r in reads] == SKAT_PACK
    assert [r["seq"] for r in reads] == list(range(1, 35))


def test_a_hand_is_read_in_play_order_with_seq_counting_reads(story):
    deck = {sticker(i): card for i, card in enumerate(KAISER_DECK)}
    table = json.dumps({"format": 1, "cards": deck})
    trick = ["AH", "8H", "5H", "KH", "3S", "TS"]
    by_card = {card: uid for uid, card in deck.items()}
    played = story([{"tap": by_card[c]} for c in trick], cards_json=table)
    assert played.of_type("hello")[0]["cards"] == 32
    assert played.of_type("error") == []
    assert played.reads() == [
        {"type": "card", "card": c, "uid": by_card[c], "seq": n}
        for n, c in enumerate(trick, start=1)
    ]


def test_same_tag_within_1_5_s_is_one_read_and_after_that_a_new_read(story):
    tag = sticker(3)
    played = story(
        [
            {"tap": tag},
            {"wait": 700},
            {"tap": tag},  # a bounce: 0.7 s after
            {"wait": 1499},
            {"tap": tag},  # 1.499 s since it was last seen: still the same read
            {"wait": 1500},
            {"tap": tag},  # 1.5 s of absence: a new read
            {"tap": sticker(4)},  # another tag at once is its own read
        ]
    )
    assert [(r["uid"], r["seq"]) for r in played.reads()] == [(tag, 1), (tag, 2), (sticker(4), 3)]


def test_debounce_survives_the_ticks_ms_wrap(story):
    tag = sticker(5)
    played = story(
        [{"tap": tag}, {"wait": 1600}, {"tap": tag}, {"wait": 1000}, {"tap": tag}],
        clock=-1000,  # ticks_ms wraps to 0 between the first and second tap
    )
    # 1.6 s across the wrap is a new read; 1 s later is the same one.
    assert [r["seq"] for r in played.reads()] == [1, 2]


def test_a_tag_resting_on_the_reader_is_reported_once(story):
    tag = sticker(6)
    played = story([{"place": tag}, {"poll": 5}, {"wait": 3000}, {"poll": 5}])
    assert len(played.reads()) == 1


def test_unknown_tags_are_reported_with_their_uid(story):
    table = json.dumps({"format": 1, "cards": {sticker(0): "AS"}})
    played = story([{"tap": sticker(9)}, {"tap": sticker(0)}], cards_json=table)
    assert played.reads() == [
        {"type": "unknown", "uid": sticker(9), "seq": 1},
        {"type": "card", "card": "AS", "uid": sticker(0), "seq": 2},
    ]


def test_teach_waits_for_a_tag_not_in_the_table(story):
    table = json.dumps({"format": 1, "cards": {sticker(0): "AS"}})
    played = story(
        [host("teach", card="KS"), {"tap": sticker(0)}, {"tap": sticker(1)}], cards_json=table
    )
    assert played.reads() == [{"type": "card", "card": "AS", "uid": sticker(0), "seq": 1}]
    assert played.of_type("taught") == [{"type": "taught", "card": "KS", "uid": sticker(1)}]


def test_reteaching_a_card_moves_it_to_the_new_sticker(story):
    played = story(
        [
            host("teach", card="5H"),
            {"tap": sticker(0)},
            host("teach", card="5H"),
            {"tap": sticker(1)},
            {"wait": 2000},
            {"tap": sticker(0)},
            {"tap": sticker(1)},
        ]
    )
    assert played.table() == {sticker(1): "5H"}
    assert [r["type"] for r in played.reads()] == ["unknown", "card"]


def test_forget_one_card_then_all(story):
    table = json.dumps({"format": 1, "cards": {sticker(0): "AS", sticker(1): "3S"}})
    played = story(
        [
            host("forget", card="AS"),
            host("hello"),
            {"tap": sticker(0)},
            {"tap": sticker(1)},
            host("forget"),
            host("hello"),
            {"wait": 2000},
            {"tap": sticker(1)},
        ],
        cards_json=table,
    )
    assert [h["cards"] for h in played.of_type("hello")] == [2, 1, 0]
    assert [r["type"] for r in played.reads()] == ["unknown", "card", "unknown"]
    assert played.table() == {}


def test_forget_cancels_a_pending_teach(story):
    played = story([host("teach", card="QD"), host("forget"), {"tap": sticker(2)}])
    assert played.of_type("taught") == []
    assert played.reads() == [{"type": "unknown", "uid": sticker(2), "seq": 1}]


def test_a_corrupt_cards_json_gives_an_empty_table_and_an_error(story):
    played = story([{"tap": sticker(0)}, host("hello")], cards_json='{"format": 1, "cards": {"04')
    errors = played.of_type("error")
    assert [e["code"] for e in errors] == ["cards_file"]
    assert "corrupt" in errors[0]["message"]
    assert [h["cards"] for h in played.of_type("hello")] == [0, 0]
    assert played.reads() == [{"type": "unknown", "uid": sticker(0), "seq": 1}]


def test_bad_entries_are_dropped_and_the_good_ones_kept(story):
    table = json.dumps(
        {
            "format": 1,
            "cards": {
                sticker(0): "AS",
                sticker(1): "5S",
                "XYZ": "KS",
                sticker(2): "AS",
                sticker(3): "TD",
            },
        }
    )
    played = story([host("hello")], cards_json=table)
    errors = played.of_type("error")
    assert [e["code"] for e in errors] == ["cards_file"]
    assert "3 bad or duplicate" in errors[0]["message"]
    assert played.of_type("hello")[-1]["cards"] == 2


def test_a_missing_cards_json_is_reported_and_the_first_teach_creates_it(story):
    played = story([host("teach", card="9C"), {"tap": sticker(0)}])
    assert [e["code"] for e in played.of_type("error")] == ["cards_file"]
    assert played.table() == {sticker(0): "9C"}


def test_saving_writes_a_temporary_file_then_renames_it(story):
    played = story([host("teach", card="JH"), {"tap": sticker(0)}])
    fs = [line for line in played.debug if line.startswith("#fs")]
    assert fs == ["#fs open-w cards.json.tmp", "#fs rename cards.json.tmp cards.json"]
    assert not (played.cwd / "cards.json.tmp").exists()


def test_a_save_cut_short_before_the_rename_leaves_the_old_table_whole(story):
    old = json.dumps({"format": 1, "cards": {sticker(0): "AS"}})
    played = story(
        [host("teach", card="KS"), {"tap": sticker(1)}], cards_json=old, fail_rename=True
    )
    assert [e["code"] for e in played.of_type("error")] == ["storage"]
    assert (played.cwd / "cards.json").read_text() == old
    saved = json.loads((played.cwd / "cards.json.tmp").read_text())["cards"]
    assert saved == {sticker(0): "AS", sticker(1): "KS"}


def test_every_reader_message_type_matches_the_contract(story):
    played = story(
        [
            host("hello"),
            host("teach", card="AS"),
            {"tap": sticker(0)},
            {"tap": sticker(1)},
            {"wait": 2000},
            {"tap": sticker(0)},
            host("teach", card="5S"),
        ]
    )
    keys = {m["type"]: sorted(m) for m in played.messages}
    assert keys == {
        "hello": ["cards", "fw", "proto", "type"],
        "taught": ["card", "type", "uid"],
        "unknown": ["seq", "type", "uid"],
        "card": ["card", "seq", "type", "uid"],
        "error": ["code", "message", "type"],
    }
    hello = played.of_type("hello")[0]
    assert (hello["fw"], hello["proto"]) == ("1.0.0", 1)
    assert all(
        line.startswith("# ") or line.startswith("#fs") or line.startswith("#end")
        for line in played.debug
    )
    raw_card = next(line for line in played.lines if '"card", "card"' in line)
    assert raw_card == f'{{"type": "card", "card": "AS", "uid": "{sticker(0)}", "seq": 2}}'


def test_malformed_host_lines_are_answered_with_errors_and_debug_lines_ignored(story):
    played = story(
        [
            {"host": "# the host may chatter"},
            {"host": ""},
            {"host": "not json"},
            {"host": "[1, 2]"},
            {"host": '{"card": "AS"}'},
            {"host": '{"type": "shuffle"}'},
            host("teach"),
            host("teach", card="10H"),
            host("teach", card="7H"),
            {"raw": "\xff\xfe\n"},
            {"raw": "{" + "x" * 300 + "}\n"},
            {"raw": '{"type": "hel'},
            {"raw": 'lo"}\r\n'},
        ]
    )
    codes = [e["code"] for e in played.of_type("error")]
    assert codes == [
        "cards_file",
        "bad_json",
        "bad_message",
        "unknown_type",
        "unknown_type",
        "bad_card",
        "bad_card",
        "bad_line",
        "too_long",
    ]
    bad_ten = played.of_type("error")[6]["message"]
    assert "10H" in bad_ten and "ten is T" in bad_ten
    assert len(played.of_type("hello")) == 2  # boot, and the hello split across two reads


def test_full_cascade_uids_of_4_7_and_10_bytes(story):
    uids = ["A1B2C3D4", "04A1B2C3D4E5F6", "04112233445566778899"]
    played = story([{"tap": uid} for uid in uids])
    assert [r["uid"] for r in played.reads()] == uids


def test_two_stickers_in_the_field_are_told_apart_by_anticollision(story):
    a, b = "04A1B2C3D4E5F6", "04A1B2C3D4E5F7"  # differ in the very last UID bit
    c = "04A1B2C3D4E5F6"[:-2] + "76"  # differs in a high bit of the last byte
    played = story([{"place": a}, {"place": b}, {"place": c}, {"poll": 4}])
    assert sorted(r["uid"] for r in played.reads()) == sorted([a, b, c])
    assert played.reads()[0]["uid"] == b  # the tag whose bit is 1 wins the first collision


def test_a_reader_that_stops_answering_is_reported_once_and_reopened_every_2_s(story):
    played = story(
        [
            {"unplug": True},
            {"poll": 3},
            {"wait": 2000},
            {"poll": 1},
            {"plug": True},
            {"wait": 1000},
            {"poll": 1},
            {"wait": 1000},
            {"poll": 1},
            {"tap": sticker(0)},
        ]
    )
    assert [e["code"] for e in played.of_type("error")] == ["cards_file", "reader"]
    assert sum("reader still failing" in line for line in played.debug) == 1
    assert sum("reader ready" in line for line in played.debug) == 2  # boot, then reopened
    assert len(played.reads()) == 1


def test_a_missing_chip_at_boot_is_an_error_not_a_crash(story):
    played = story(
        [{"unplug": True}, {"reboot": True}, {"poll": 2}, host("hello")],
        cards_json='{"format": 1, "cards": {}}',
    )
    assert [e["code"] for e in played.of_type("error")] == ["reader"]
    assert [h["cards"] for h in played.of_type("hello")] == [0, 0, 0]
