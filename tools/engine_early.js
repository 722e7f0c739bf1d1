// Inlined into the <head> of a page with practice widgets or the Pelaa game (tools/offline.py's
// mark_build, with ASSETS replaced by the page's path to assets/): on a repeat visit (the engine's
// memory snapshot is kept) the engine's worker starts here, as the page begins to load, instead
// of once the page and the theme's scripts have run (half a second later); moottori.js takes this
// worker over when it starts the engine (engine.start), with the messages it has sent meanwhile.
// Nothing starts on a first visit (the reader's first touch does that) or with saveData.
// Whether a snapshot is kept is read from localStorage (moottori.js marks it there when the
// worker has stored one), at once: asking Cache Storage takes a round trip to the browser, which
// is busy loading the page (0.1–1.4 s under load); a browser without the mark (a snapshot kept
// before the mark existed) asks Cache Storage.
(function () {
  if (!window.Worker || !window.isSecureContext || !("caches" in window)) return;
  if (navigator.connection && navigator.connection.saveData) return;
  var early = { messages: [], taken: false, worker: null, failed: false };
  window.rommikirjaEarly = early;
  function begin() {
    if (early.taken || early.worker) return;
    var worker = new Worker(new URL("ASSETS/rommi-worker.js", location.href), { type: "module" });
    // listeners, not handler properties: moottori.js removes them when it takes the worker over
    // (and no handler attribute name stands in a page: tests/test_markup_browser.py)
    early.listen = function (event) { early.messages.push(event.data); };
    early.fail = function (event) { event.preventDefault(); early.failed = true; };
    worker.addEventListener("message", early.listen);
    worker.addEventListener("error", early.fail);
    worker.postMessage({ id: 0, request: { op: "start" } });
    early.startedAt = performance.now();
    early.worker = worker;
  }
  var marked = false;
  try { marked = window.localStorage.getItem("rommikirja-tilannevedos") === "1"; } catch (e) { /* none */ }
  if (marked) { begin(); return; }
  caches.open("rommikirja-snapshot").then(function (cache) { return cache.keys(); }).then(function (keys) {
    if (keys.length) begin();
  }).catch(function () {});
})();
