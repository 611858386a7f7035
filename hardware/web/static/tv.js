// The ?tv view: show one section at a time, in turn, every 12 seconds; a table longer than
// the screen (40 players at 1080 px) shows page by page, each page its 12 seconds.
(function () {
  "use strict";
  var parts = Array.prototype.slice.call(document.querySelectorAll("[data-cycle]"));
  var i = 0, page = 0, pages = 1;
  function rows(part) { return Array.prototype.slice.call(part.querySelectorAll("tbody tr")); }
  // How many rows fit between the part's top and the screen's bottom.
  function perPage(part, all) {
    all.forEach(function (tr) { tr.classList.remove("page-off"); });
    var fit = all.filter(function (tr) { return tr.getBoundingClientRect().bottom <= window.innerHeight; }).length;
    return Math.max(1, fit);
  }
  // Show part i's page (live.js calls it again after it rebuilt the rows).
  function apply() {
    var part = parts[i];
    parts.forEach(function (p, k) { p.classList.toggle("cycle-off", k !== i); });
    var all = rows(part), size = all.length ? perPage(part, all) : 1;
    pages = Math.max(1, Math.ceil(all.length / size));
    if (page >= pages) { page = 0; }
    all.forEach(function (tr, k) { tr.classList.toggle("page-off", Math.floor(k / size) !== page); });
    var mark = part.querySelector(".page-n");
    if (!mark) { mark = document.createElement("small"); mark.className = "page-n"; (part.querySelector("h2") || part).appendChild(mark); }
    mark.textContent = pages > 1 ? " " + (page + 1) + "/" + pages : "";
  }
  function next() {
    page += 1;
    if (page >= pages) { page = 0; i = (i + 1) % parts.length; }
    apply();
  }
  if (!parts.length) { return; }
  window.tvRepage = apply;
  apply();
  setInterval(next, 12000);
})();
