// The ?tv view: show one section at a time, in turn, every 12 seconds.
(function () {
  "use strict";
  var parts = Array.prototype.slice.call(document.querySelectorAll("[data-cycle]"));
  if (parts.length < 2) { return; }
  var i = 0;
  function show() {
    parts.forEach(function (p, k) { p.classList.toggle("cycle-off", k !== i); });
    i = (i + 1) % parts.length;
  }
  show();
  setInterval(show, 12000);
})();
