// cardkit serve: follow the game. Each new snapshot (a server-sent event carrying its
// number, then the playtest's progress) makes the page fetch its own content again and swap
// it in; no reload needed. Only the playtest page follows the playtest.
(function () {
  "use strict";
  var follows = location.pathname === "/playtest" ? 2 : 1;
  function watched(versions) { return String(versions).split(" ").slice(0, follows).join(" "); }
  var shown = watched(document.body.dataset.versions || "");
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
    var generation = watched(event.data);
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
