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
  function standings(data) {
    var table = document.getElementById("standings");
    if (!table) { return; }
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
      (r.rounds || []).forEach(function (v) { cell(tr, num(v)); });
      cell(tr, num(r.won)); body.appendChild(tr);
    });
    table.tHead.replaceChildren(head);
    table.replaceChild(body, table.tBodies[0]);
    var rnd = document.getElementById("standings-round");
    if (rnd) { rnd.textContent = tx("after_round", "after round {round}", { round: data.round }); }
  }
  function tableRow(row) {
    var card = document.querySelector('#tables [data-table="' + Number(row.table) + '"]');
    if (!card) { location.reload(); return; }
    var totals = row.totals || {};
    var values = { online: row.online ? tx("online", "online") : tx("offline", "offline"), round: num(row.round),
      hands: num(row.hands), NS: num(totals.NS), EW: num(totals.EW),
      finished: row.finished ? tx("yes", "yes") : tx("no", "no"), refused: num(row.refused || 0),
      last_refused: row.refused && row.last_refused ? tx("last_refused", "Last refused: {why}", { why: row.last_refused }) : "" };
    Object.keys(values).forEach(function (k) {
      var el = card.querySelector('[data-k="' + k + '"]');
      if (el) { el.textContent = values[k]; }
    });
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
  var find = document.getElementById("find");
  if (find) {
    find.addEventListener("input", function () {
      var want = find.value.trim().toLowerCase();
      document.querySelectorAll("#seats li[data-name]").forEach(function (li) {
        li.classList.toggle("hide", li.dataset.name.indexOf(want) < 0);
      });
    });
  }
  // The director's actions: POST with the PIN in X-Pin; the answer is shown, nothing else.
  document.querySelectorAll("#pin-form [data-action]").forEach(function (button) {
    button.addEventListener("click", function () {
      var status = document.getElementById("action-status");
      var pin = document.getElementById("pin").value;
      // Percent-encoded: fetch() takes only Latin-1 header values, a PIN may be any script.
      fetch(button.dataset.action, { method: "POST", headers: { "X-Pin": encodeURIComponent(pin) } })
        .then(function (r) {
          status.textContent = r.ok ? tx("done", "Done.") : r.status === 403 ? tx("wrong_pin", "Wrong PIN: nothing changed.")
            : r.status === 429 ? tx("too_many", "Too many wrong PINs: wait a minute.")
            : tx("refused_action", "Refused ({status}).", { status: r.status });
        })
        .catch(function () { status.textContent = tx("no_answer", "The director did not answer."); });
    });
  });
  var print = document.getElementById("print");
  if (print) { print.addEventListener("click", function () { window.print(); }); }
})();
