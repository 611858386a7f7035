// Live standings and tables from the director's /events stream (EventSource reconnects
// by itself). Names are set with textContent: they are data, never markup.
(function () {
  "use strict";
  var TX = {};
  try { TX = JSON.parse(document.body.dataset.texts || "{}"); } catch (e) { TX = {}; }
  function tx(key, fallback, args) {
    var text = TX[key] || fallback;
    Object.keys(args || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(args[k])); });
    return text;
  }
  // Numbers as the page's language writes them (its decimal sign and minus).
  function num(v) {
    if (v === null || v === undefined) { return "\u2013"; }
    if (typeof v !== "number") { return String(v); }
    return String(v).replace(".", tx("decimal_sign", ".")).replace("-", tx("minus_sign", "-"));
  }
  function cell(tr, text, cls) {
    var td = document.createElement("td");
    var inner = td;
    if (cls) { inner = document.createElement(cls === "b" ? "b" : "span");
      if (cls !== "b") { inner.className = cls; } td.appendChild(inner); }
    inner.textContent = text; tr.appendChild(td);
  }
  // Rounds each name sat out (their score there is a mean): marked, as the server marks them.
  var sitouts = {};
  var standingsTable = document.getElementById("standings");
  try { sitouts = JSON.parse((standingsTable && standingsTable.dataset.sitouts) || "{}"); } catch (e) { sitouts = {}; }
  var shownRound = null, label = document.getElementById("standings-round");
  var playing = label && label.dataset.playing ? label.dataset.playing === "1" : null;
  // A new round: "where do I sit?" and the sit-outs as the server draws them now (the
  // page itself stays, with what was typed in it).
  function newSeating() {
    fetch(location.pathname + location.search).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var fresh = doc.getElementById("seating"), old = document.getElementById("seating");
      if (fresh && old) { old.replaceWith(document.importNode(fresh, true)); bindFind(); }
      var st = doc.getElementById("standings");
      try { if (st) { sitouts = JSON.parse(st.dataset.sitouts || "{}"); } } catch (e) { /* kept */ }
    }).catch(function () {});
  }
  function roundLabel(n) {
    var rnd = document.getElementById("standings-round");
    if (!rnd) { return; }  // (playing unknown: no director's state, as on a home page)
    rnd.textContent = playing ? tx("round_playing", "round {round} being played", { round: n })
      : tx("after_round", "after round {round}", { round: n });
  }
  function standings(data) {
    var table = document.getElementById("standings");
    if (!table) { return; }
    // A new round: "where do I sit?" and the sit-outs are fetched again (newSeating).
    if (shownRound !== null && data.round !== shownRound) { newSeating(); }
    shownRound = data.round;
    var rows = data.rows || [], count = 0, i;
    rows.forEach(function (r) { count = Math.max(count, (r.rounds || []).length); });
    var head = document.createElement("tr");
    var labels = [tx("col_rank", "#"), tx("col_name", "Name"), tx("col_total", "Total")];
    for (i = 1; i <= count; i++) { labels.push(tx("col_round", "R{round}", { round: i })); }
    labels.push(tx("col_won", "Won"));
    labels.forEach(function (l) { var th = document.createElement("th"); th.textContent = l; head.appendChild(th); });
    var body = document.createElement("tbody");
    rows.forEach(function (r) {
      var tr = document.createElement("tr");
      cell(tr, num(r.rank)); cell(tr, r.name, "name"); cell(tr, num(r.total), "b");
      (r.rounds || []).forEach(function (v, i) {
        if ((sitouts[r.name] || []).indexOf(i + 1) >= 0) { cell(tr, num(v), "sitout"); } else { cell(tr, num(v)); }
      });
      cell(tr, num(r.won));
      // each cell its column's name: a phone shows a row as a card of labelled lines
      Array.prototype.forEach.call(tr.children, function (td, k) { td.dataset.label = labels[k]; });
      body.appendChild(tr);
    });
    table.tHead.replaceChildren(head);
    table.replaceChild(body, table.tBodies[0]);
    roundLabel(data.round);
    if (window.tvRepage) { window.tvRepage(); }
  }
  function noteText(n) {
    var when = n.at ? new Date(n.at) : null;
    var hhmm = when && !isNaN(when) ? ("0" + when.getHours()).slice(-2) + ":" + ("0" + when.getMinutes()).slice(-2) : "";
    var a = { round: n.round, journal: n.journal, other: n.other };
    var words = { replaced: function () { return tx("note_replaced", "", a); }, stale: function () { return tx("note_stale", "", a); },
      ignored: function () { return tx("note_ignored", "", a); }, pinned: function () { return tx("note_pinned", "", a); },
      not_pinned: function () { return tx("note_not_pinned", "", a); }, late: function () { return tx("note_late", "", a); },
      empty: function () { return tx("note_empty", "", a); } }[n.kind];
    words = words ? words() : (n.text || "");
    return (hhmm + " " + words).trim();
  }
  function fillList(list, items) {
    if (!list) { return; }
    list.replaceChildren.apply(list, items.map(function (text) { var li = document.createElement("li"); li.textContent = text; return li; }));
  }
  function tableRow(row) {
    var card = document.querySelector('#tables [data-table="' + Number(row.table) + '"]');
    if (!card) { location.reload(); return; }
    var totals = row.totals || {};
    var values = { online: row.online ? tx("online", "online") : tx("offline", "offline"), round: num(row.round),
      hands: num(row.hands), NS: num(totals.NS), EW: num(totals.EW),
      finished: row.finished ? tx("yes", "yes") : row.round_ended ? tx("round_ended", "round ended") : tx("no", "no"),
      refused: num(row.refused || 0),
      journal: row.journal ? tx("journal_n", "journal {journal}", { journal: String(row.journal).slice(0, 8) }) + (row.pinned ? " (" + tx("pinned_mark", "pinned") + ")" : "") : "",
      last_refused: row.refused && row.last_refused ? tx("last_refused", "Last refused: {why}", { why: row.last_refused }) : "" };
    Object.keys(values).forEach(function (k) {
      var el = card.querySelector('[data-k="' + k + '"]');
      if (el) { el.textContent = values[k]; }
    });
    fillList(card.querySelector('[data-k="notes"]'), (row.notes || []).map(noteText));
    card.classList.toggle("online", !!row.online); card.classList.toggle("offline", !row.online);
    card.classList.toggle("finished", !!row.finished); card.classList.toggle("refused", (row.refused || 0) > 0);
  }
  var live = document.getElementById("live");
  if (window.EventSource && document.body.dataset.events) {
    var es = new EventSource(document.body.dataset.events);
    es.addEventListener("standings", function (e) { standings(JSON.parse(e.data)); });
    es.addEventListener("table", function (e) { tableRow(JSON.parse(e.data)); });
    // The director closes a stream the page cannot keep up with (or it restarts): the page
    // reconnects, gets the latest standings and says it had fallen behind.
    var down = false;
    es.onopen = function () {
      if (live) { live.textContent = down ? tx("caught_up", "live again (the page had fallen behind)") : tx("live", "live"); live.className = "noprint"; }
    };
    es.onerror = function () { down = true; if (live) { live.textContent = tx("reconnecting", "reconnecting\u2026"); live.className = "noprint down"; } };
  }
  // "Where do I sit?": filter the names as they are typed.
  function bindFind() {
    var find = document.getElementById("find");
    if (!find) { return; }
    find.addEventListener("input", function () {
      var want = find.value.trim().toLowerCase();
      document.querySelectorAll("#seats li[data-name]").forEach(function (li) {
        li.classList.toggle("hide", li.dataset.name.indexOf(want) < 0);
      });
    });
  }
  bindFind();
  // Whether the director reaches the broker, and what it decided about the broker's round.
  var broker = document.getElementById("broker");
  function director() {
    fetch("/api/director").then(function (r) { return r.json(); }).then(function (d) {
      var b = d.broker || {}, text;
      if (broker) {
        var since = b.since ? new Date(b.since) : null;
        var hhmm = since && !isNaN(since) ? ("0" + since.getHours()).slice(-2) + ":" + ("0" + since.getMinutes()).slice(-2) : "";
        text = b.state === "connected" ? tx("broker_connected", "Broker: connected.")
          : b.state === "refused" ? tx("broker_refused", "The broker refused the director's login ({detail}).", { detail: b.detail || "" })
          : b.state === "lost" ? tx("broker_lost", "The broker cannot be reached since {time}.", { time: hhmm })
          : tx("broker_connecting", "Broker: connecting\u2026");
        broker.textContent = text; broker.dataset.state = b.state || "";
        fillList(document.getElementById("director-notes"), (d.notes || []).map(function (n) { return noteText({ at: n.at, text: n.text }); }));
      }
      playing = !d.ended && d.round > 0;
      roundLabel(d.round);
    }).catch(function () {});
  }
  if (broker || document.getElementById("standings-round")) { director(); setInterval(director, 5000); }
  // The director's actions: POST with the PIN in X-Pin; the answer (and why) is shown.
  document.querySelectorAll("#pin-form [data-action]").forEach(function (button) {
    button.addEventListener("click", function () {
      var status = document.getElementById("action-status");
      var pin = document.getElementById("pin").value;
      if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) { return; }
      // Percent-encoded: fetch() takes only Latin-1 header values, a PIN may be any script.
      var headers = { "X-Pin": encodeURIComponent(pin) };
      if (button.dataset.body) { headers["Content-Type"] = "application/json"; }
      fetch(button.dataset.action, { method: "POST", headers: headers, body: button.dataset.body || null })
        .then(function (r) {
          return r.json().catch(function () { return {}; }).then(function (body) {
            if (r.ok && button.dataset.body) { location.reload(); return; }  // the journal that counts now
            var broken = body.broker && body.broker.state !== "connected";
            status.textContent = r.ok ? tx("done", "Done.") + (broken ? " " + (broker ? broker.textContent : "") : "")
              : r.status === 403 && /PIN/.test(body.error || "PIN") ? tx("wrong_pin", "Wrong PIN: nothing changed.")
              : r.status === 429 ? tx("too_many", "Too many wrong PINs: wait a minute.")
              : body.error ? tx("refused_why", "Refused: {why}", { why: body.error })
              : tx("refused_action", "Refused ({status}).", { status: r.status });
            director();
          });
        })
        .catch(function () { status.textContent = tx("no_answer", "The director did not answer."); });
    });
  });
  var print = document.getElementById("print");
  if (print) { print.addEventListener("click", function () { window.print(); }); }
})();
