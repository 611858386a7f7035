"""The director's components, from data shaped exactly like CLUB.md's JSON.

``standings`` is the ``/api/standings`` body, ``tables`` the ``/api/tables`` list and
``event`` the ``/api/event`` body; the live page follows ``/events`` with live.js.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from hardware.web.layout import STATIC, esc, num, page, table
from hardware.web.texts import T, Texts, script_texts

SEATS = ("N", "E", "S", "W")


def seat_code(t: Texts, seat: str) -> str:
    """A seat's letter as ``t``'s language writes it (``N`` in English, ``С`` in Russian)."""
    return t.seats[SEATS.index(seat)] if seat in SEATS else seat


def team_code(t: Texts, team: str) -> str:
    """A team's letters (``NS``, ``EW``) in ``t``'s language."""
    return "".join(seat_code(t, s) for s in team) if team in ("NS", "EW") else team


def sit_outs(event: Mapping[str, Any] | None) -> dict[str, list[int]]:
    """Each name's rounds sat out (their score there is the mean of their others)."""
    out: dict[str, list[int]] = {}
    for rnd in (event or {}).get("seating") or []:
        for name in rnd.get("sitting_out", []):
            out.setdefault(name, []).append(int(rnd.get("round", 0)))
    return out


def playing(standings: Mapping[str, Any], event: Mapping[str, Any] | None) -> bool:
    """The standings' round is being played (started, not ended)."""
    seating = (event or {}).get("seating") or []
    rnd = standings.get("round", 0)
    return bool(seating) and not seating[-1].get("ended", True) and rnd == len(seating)


def round_label(standings: Mapping[str, Any], event: Mapping[str, Any] | None, t: Texts) -> str:
    """ "after round N", or "round N being played" while it is."""
    label = t.round_playing if playing(standings, event) else t.after_round
    return label.format(round=standings.get("round", 0))


def standings_html(
    standings: Mapping[str, Any], t: Texts = T, event: Mapping[str, Any] | None = None
) -> str:
    """The standings table: rank, name, total, each round's score (a sit-out's mean marked),
    rounds won."""
    rows = standings.get("rows", [])
    count = max((len(r.get("rounds", [])) for r in rows), default=0)
    head = [t.col_rank, t.col_name, t.col_total]
    head += [t.col_round.format(round=i) for i in range(1, count + 1)] + [t.col_won]
    out = sit_outs(event)

    def score(name: str, i: int, v: Any) -> str:
        if i + 1 in out.get(name, ()):
            return f'<i class="sitout" title="{esc(t.sat_out)}">{esc(num(v, t))}</i>'
        return esc(num(v, t))

    body = [
        [
            esc(r["rank"]),
            f'<span class="name">{esc(r["name"])}</span>',
            f"<b>{esc(num(r['total'], t))}</b>",
            *[score(r["name"], i, v) for i, v in enumerate(r.get("rounds", []))],
            esc(r["won"]),
        ]
        for r in rows
    ]
    data = esc(json.dumps(out, ensure_ascii=False))
    return (
        f'<section id="standings-section" data-cycle><h2>{esc(t.standings)} '
        f'<small id="standings-round" data-playing="{int(playing(standings, event))}">'
        f"{esc(round_label(standings, event, t))}</small></h2>"
        + table(head, body, f'id="standings" class="standings" data-sitouts="{data}"')
        + "</section>"
    )


def clock(at: str | None) -> str:
    """An ISO time as the director's clock shows it (HH:MM); empty for nothing."""
    try:
        return datetime.fromisoformat(str(at)).astimezone().strftime("%H:%M")
    except ValueError:
        return ""


def note_text(note: Mapping[str, Any], t: Texts = T) -> str:
    """A director's decision on a table's card, in ``t``'s language, with its time."""
    pattern = getattr(t, f"note_{note.get('kind')}", None)
    words = note.get("text", "")
    if isinstance(pattern, str):
        words = pattern.format(
            round=note.get("round"), journal=note.get("journal"), other=note.get("other")
        )
    return f"{clock(note.get('at'))} {words}".strip()


def notes_html(row: Mapping[str, Any], t: Texts = T) -> str:
    """The card's notes: the journal that counts, and what the director decided."""
    items = "".join(f"<li>{esc(note_text(n, t))}</li>" for n in row.get("notes") or [])
    journal = row.get("journal")
    which = ""
    if journal:
        which = t.journal_n.format(journal=str(journal)[:8])
        if row.get("pinned"):
            which += f" ({t.pinned_mark})"
    return (
        f'<p class="journal" data-k="journal">{esc(which)}</p>'
        f'<ul class="notes" data-k="notes">{items}</ul>'
    )


def table_card(row: Mapping[str, Any], t: Texts = T) -> str:
    """One table of the grid; live.js fills the same ``data-k`` fields from a table event."""
    online = bool(row.get("online"))
    totals = row.get("totals") or {}
    refused = int(row.get("refused") or 0)
    last = row.get("last_refused")
    why = t.last_refused.format(why=last) if refused and last else ""
    cls = ["card", "online" if online else "offline"]
    if row.get("finished"):
        cls.append("finished")
    if refused:
        cls.append("refused")

    def field(key: str, label: str, value: object) -> str:
        return f'<div><dt>{esc(label)}</dt><dd data-k="{key}">{esc(num(value, t))}</dd></div>'

    return (
        f'<article class="{" ".join(cls)}" data-table="{esc(row["table"])}">'
        f"<h3>{esc(t.table_n.format(table=row['table']))} "
        f'<span data-k="online">{esc(t.online if online else t.offline)}</span></h3><dl>'
        + field("round", t.f_round, row.get("round"))
        + field("hands", t.f_hands, row.get("hands"))
        + field("NS", team_code(t, "NS"), totals.get("NS"))
        + field("EW", team_code(t, "EW"), totals.get("EW"))
        + f'<div><dt>{esc(t.f_finished)}</dt><dd data-k="finished">'
        f"{esc(finished_text(row, t))}</dd></div>"
        + field("refused", t.f_refused, refused)
        + "</dl>"
        + f'<p class="why" data-k="last_refused">{esc(why)}</p>'
        + notes_html(row, t)
        + "</article>"
    )


def finished_text(row: Mapping[str, Any], t: Texts = T) -> str:
    """yes, no, or "round ended" (by the director, the table not finished)."""
    if row.get("finished"):
        return t.yes
    return t.round_ended if row.get("round_ended") else t.no


def broker_html(director: Mapping[str, Any] | None, t: Texts = T) -> str:
    """Whether the director reaches the broker (the tables get nothing when it does not),
    and its notes about the broker's round; live.js keeps it current."""
    if director is None:
        return ""
    broker = director.get("broker") or {}
    state = str(broker.get("state", "connecting"))
    text = {
        "connected": t.broker_connected,
        "refused": t.broker_refused.format(detail=broker.get("detail", "")),
        "lost": t.broker_lost.format(time=clock(broker.get("since"))),
    }.get(state, t.broker_connecting)
    notes = "".join(
        f"<li>{esc(clock(n.get('at')))} {esc(n.get('text', ''))}</li>"
        for n in director.get("notes") or []
    )
    return (
        f'<section id="director-state" class="noprint"><p id="broker" data-state="{esc(state)}">'
        f'{esc(text)}</p><ul id="director-notes">{notes}</ul></section>'
    )


def tables_html(tables: Sequence[Mapping[str, Any]], t: Texts = T) -> str:
    """The tables grid: online or offline, round, hands, totals, finished, refused marked."""
    cards = "".join(table_card(row, t) for row in tables) or f"<p>{esc(t.no_table)}</p>"
    return (
        f'<section id="tables-section" data-cycle><h2>{esc(t.tables)}</h2>'
        f'<div id="tables" class="grid">{cards}</div></section>'
    )


def seating_rows(
    event: Mapping[str, Any] | None, t: Texts = T
) -> tuple[int, list[tuple[str, str]]]:
    """The current round's number and (name, where) pairs, ordered by name."""
    seating = (event or {}).get("seating") or []
    if not seating:
        return 0, []
    current = seating[-1]
    out: list[tuple[str, str]] = []
    for n, names in current.get("tables", {}).items():
        for seat, name in zip(SEATS, names, strict=False):
            partner = names[(SEATS.index(seat) + 2) % 4] if len(names) == 4 else ""
            out.append((name, t.seat_at.format(table=n, seat=seat_code(t, seat), partner=partner)))
    for name in current.get("sitting_out", []):
        out.append((name, t.sits_out))
    out.sort(key=lambda p: p[0].casefold())
    return int(current.get("round", 0)), out


def seating_html(event: Mapping[str, Any] | None, find: str = "", t: Texts = T) -> str:
    """ "Where do I sit?": the current round's seating by name, filtered by ``find``."""
    rnd, rows = seating_rows(event, t)
    want = find.strip().casefold()
    shown = [(n, w) for n, w in rows if want in n.casefold()]
    items = (
        "".join(
            f'<li data-name="{esc(n.casefold())}"><span class="name">{esc(n)}</span>: {esc(w)}</li>'
            for n, w in shown
        )
        or f"<li>{esc(t.no_seat)}</li>"
    )
    return (
        f'<section id="seating"><h2>{esc(t.where)} '
        f"<small>{esc(t.round_n.format(round=rnd))}</small></h2>"
        f'<form method="get" class="find"><label>{esc(t.find_label)} <input name="find" '
        f'id="find" value="{esc(find)}" autocomplete="off"></label> '
        f"<button>{esc(t.find_button)}</button></form>"
        f'<ul id="seats">{items}</ul></section>'
    )


def journals_html(game: Mapping[str, Any] | None, table: int, number: int, t: Texts = T) -> str:
    """The journals the director heard from a table in a round, the one that counts, and
    a button (behind the PIN) to count another: a spare Pi, a restored card, a stray."""
    heard = (game or {}).get("journals") or []
    if not heard:
        return ""
    action = f"/api/tables/{table}/rounds/{number}/pin"
    items = []
    for j in heard:
        totals = j.get("totals") or {}
        line = t.journal_row.format(
            journal=str(j["journal"])[:8], rev=j.get("rev"), hands=j.get("hands"),
            ns=num(totals.get("NS"), t), ew=num(totals.get("EW"), t),
        )  # fmt: skip
        if j["journal"] == (game or {}).get("journal"):
            mark = t.pinned_mark if (game or {}).get("pinned") else t.counts
            items.append(f"<li><b>{esc(line)}</b> ({esc(mark)})</li>")
        else:
            body = esc(json.dumps({"journal": j["journal"]}))
            items.append(
                f'<li>{esc(line)} <button type="button" data-action="{esc(action)}" '
                f'data-body="{body}">{esc(t.pin_journal)}</button></li>'
            )
    return (
        f'<section id="journals" class="noprint"><h2>{esc(t.journals)}</h2>'
        f'<div id="pin-form"><label>{esc(t.pin)} <input id="pin" type="password" '
        f'autocomplete="off"></label><ul>{"".join(items)}</ul></div>'
        '<p id="action-status" role="status"></p></section>'
    )


def actions_html(t: Texts = T) -> str:
    """The director's actions: next round and end round, each posting the PIN as X-Pin."""
    return (
        f'<section id="actions" class="noprint"><h2>{esc(t.director)}</h2>'
        f'<div id="pin-form"><label>{esc(t.pin)} '
        '<input id="pin" type="password" inputmode="numeric" autocomplete="off"></label> '
        f'<button type="button" data-action="/api/rounds/next">{esc(t.next_round)}</button> '
        f'<button type="button" id="print">{esc(t.print_button)}</button>'
        # Apart from the next round, and asked again: ending a round cannot be undone.
        f'<p class="danger"><button type="button" data-action="/api/rounds/end" '
        f'data-confirm="{esc(t.confirm_end)}">{esc(t.end_round)}</button></p></div>'
        '<p id="action-status" role="status"></p></section>'
    )


def sheets_html(event: Mapping[str, Any] | None, t: Texts = T) -> str:
    """Links to the score sheet of every table of every round started so far."""
    items = []
    for rnd in (event or {}).get("seating") or []:
        r = int(rnd.get("round", 0))
        links = " ".join(
            f'<a href="/tables/{esc(n)}/rounds/{r}">{esc(t.table_n.format(table=n))}</a>'
            for n in sorted(rnd.get("tables", {}), key=int)
        )
        items.append(f"<li>{esc(t.f_round)} {r}: {links}</li>")
    if not items:
        return ""
    return f'<section id="sheets"><h2>{esc(t.sheets)}</h2><ul>{"".join(items)}</ul></section>'


def live_data(events_url: str, t: Texts = T) -> str:
    """The body's attributes live.js reads: the stream's address and its texts (JSON)."""
    texts = json.dumps(script_texts(t), ensure_ascii=False)
    return f' data-events="{esc(events_url)}" data-texts="{esc(texts)}"'


def live_page(
    standings: Mapping[str, Any],
    tables: Sequence[Mapping[str, Any]],
    event: Mapping[str, Any] | None = None,
    *,
    tv: bool = False,
    find: str = "",
    actions: bool = True,
    static: str = STATIC,
    events_url: str = "/events",
    nav: Sequence[tuple[str, str]] = (),
    t: Texts = T,
    lang: str = "en",
    switch: str = "",
    director: Mapping[str, Any] | None = None,
    qr: str = "",
) -> str:
    """The director's live page (``GET /``): standings, tables, seating and actions
    (``qr``: the QR code of its address, on the TV view)."""
    title = str((event or {}).get("name") or t.default_title)
    body = broker_html(director, t) if not tv else ""
    body += standings_html(standings, t, event) + tables_html(tables, t)
    if not tv:
        body += seating_html(event, find, t) + (actions_html(t) if actions else "")
    status = f'<p id="live" class="noprint" role="status">{esc(t.live)}</p>' + qr
    scripts = ["live.js", "tv.js"] if tv else ["live.js"]
    data = live_data(events_url, t)
    return page(
        title,
        status + body,
        nav=nav,
        tv=tv,
        scripts=scripts,
        refresh=30,
        static=static,
        data=data,
        lang=lang,
        switch=switch,
    )


def tables_page(
    tables: Sequence[Mapping[str, Any]],
    event: Mapping[str, Any] | None = None,
    *,
    find: str = "",
    static: str = STATIC,
    events_url: str = "/events",
    nav: Sequence[tuple[str, str]] = (),
    t: Texts = T,
    lang: str = "en",
    switch: str = "",
    director: Mapping[str, Any] | None = None,
) -> str:
    """The tables grid with "where do I sit?", live like the standings."""
    data = live_data(events_url, t)
    body = f'<p id="live" class="noprint" role="status">{esc(t.live)}</p>'
    body += (
        broker_html(director, t)
        + tables_html(tables, t)
        + seating_html(event, find, t)
        + sheets_html(event, t)
    )
    return page(
        t.tables,
        body,
        nav=nav,
        scripts=["live.js"],
        refresh=30,
        static=static,
        data=data,
        lang=lang,
        switch=switch,
    )


__all__ = [
    "actions_html",
    "live_page",
    "seat_code",
    "seating_html",
    "seating_rows",
    "sheets_html",
    "standings_html",
    "table_card",
    "tables_html",
    "tables_page",
    "team_code",
]
