// cardkit serve: follow the game. Each new snapshot (a server-sent event carrying its
// number) makes the page fetch its own content again and swap it in; no reload needed.
(function () {
  "use strict";
  var shown = Number(document.body.dataset.generation || 0);
  var busy = false, again = false;
  var status = document.getElementById("status");

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(location.href, { headers: { "X-Fragment": "1" }, cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html !== null) {
          document.getElementById("content").innerHTML = html;
        }
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }

  var events = new EventSource("/events");
  events.onmessage = function (event) {
    var generation = Number(event.data);
    if (status) { status.textContent = "live"; status.className = "status"; }
    if (generation !== shown) {
      shown = generation;
      refresh();
    }
  };
  events.onerror = function () {
    if (status) { status.textContent = "disconnected"; status.className = "status off"; }
  };
})();
