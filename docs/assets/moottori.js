// Rommikirja's rules engine for the page scripts: the one owner of the engine's worker
// (docs/assets/rommi-worker.js) and of the service worker. The practice widgets (harjoitus.js)
// and the Pelaa page (pelaa.js) both import this module; a module runs once per document and
// Material's instant navigation keeps the document, so there is one engine start per visit
// whichever pages the reader opens.
//
// engine.call(request, timeout?) → {result, ms}; it throws an EngineError with a Finnish message.
// engine.state: idle | loading | ready | failed; engine.listeners get "state" and "progress".

// Bounds (a page may lower them before this module runs: window.rommikirjaBounds, for the tests)
const BOUNDS = { request: 10000, stall: 30000, start: 180000, ...(window.rommikirjaBounds || {}) };
const REQUEST_MS = BOUNDS.request;      // one engine request (a check takes milliseconds)
const STALL_MS = BOUNDS.stall;          // engine start: no progress for this long is a failure
const START_MS = BOUNDS.start;          // engine start: overall bound
const QUICK_FAIL_MS = STALL_MS / 3;     // a start that failed sooner is tried once more at once


// An error message as a sentence of its own: "Sääntömoottori ei vastannut 10 sekunnissa."
export const sentence = (text) => {
  const t = String(text || "tuntematon virhe").trim();
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
};
export const mb = (bytes) => (bytes / 1e6).toFixed(1).replace(".", ",");
// The engine start's status line for a reader waiting on it: the bytes while the runtime downloads,
// then that it is starting (the download done, Pyodide sets up), both with the seconds so far.
export function startText(p = { loaded: 0, total: 0 }) {
  const secs = Math.round((performance.now() - (p.started || performance.now())) / 1000);
  return p.phase === "käynnistys" || !p.total
    ? (secs ? `Sääntömoottori käynnistyy… (${secs} s)` : "Sääntömoottori käynnistyy…")
    : `Sääntömoottori latautuu… (${mb(p.loaded)} / ${mb(p.total)} Mt, ${secs} s)`;
}

// An element with attributes (class, on<event> handlers, others unless false/null) and children
// (nested arrays flattened; null/false skipped; strings become text nodes).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export class EngineError extends Error {}

// ---------------------------------------------------------------- the engine (one per visit)
export const engine = {
  worker: null,
  state: "idle",          // idle | loading | ready | failed
  info: null,
  progress: null,
  listeners: new Set(),
  starts: 0,
  pending: new Map(),
  nextId: 1,
  readyPromise: null,
  gen: 0,
  waitedForOffline: false,

  start() {
    if (this.readyPromise) return this.readyPromise;
    if (offline && !navigator.serviceWorker.controller && !this.waitedForOffline && !earlyPending()) {
      // first visit: let the service worker take over first (a moment), so that the runtime the
      // worker downloads goes into its cache once, not twice
      this.waitedForOffline = true;
      const gen = this.gen;
      this.state = "loading";
      this.emit("state");
      this.readyPromise = controlled(2500).then(() => {
        if (gen !== this.gen) return this.readyPromise;
        this.readyPromise = null;
        return this.start();
      });
      return this.readyPromise;
    }
    this.starts += 1;
    window.rommikirjaStarts = this.starts;          // counted by the browser tests
    this.state = "loading";
    this.info = null;
    this.progress = { loaded: 0, total: 0, phase: "lataus", started: performance.now() };
    // a repeat visit's worker started from the page's <head> (tools/engine_early.js) is this
    // visit's first engine, already asked to start: taken over with what it has said meanwhile
    const early = takeEarly();
    const startedAt = early ? early.startedAt : performance.now();
    let lastProgress = performance.now();
    let worker = early && early.worker;
    try {
      worker = worker || new Worker(new URL("./rommi-worker.js", import.meta.url), { type: "module" });
    } catch {
      return this.fail("selain ei voinut käynnistää taustatyötä");
    }
    this.worker = worker;
    const onmessage = (data) => {
      if (data.type === "progress") {
        lastProgress = performance.now();
        this.progress = { ...this.progress, ...data };
        this.emit("progress");
        return;
      }
      if (data.type === "snapshot") {
        window.rommikirjaSnapshot = data;
        markSnapshot(!data.error);
        return;
      }
      const entry = this.pending.get(data.id);
      if (entry) { this.pending.delete(data.id); entry.resolve(data); }
    };
    worker.onmessage = (event) => onmessage(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail("sääntömoottorin tiedostojen lataaminen epäonnistui");
    };
    const watchdog = setInterval(() => {
      const now = performance.now();
      if (this.worker !== worker) clearInterval(watchdog);
      else if (now - lastProgress > STALL_MS) this.fail(`lataus pysähtyi ${Math.round(STALL_MS / 1000)} sekunniksi`);
      else if (now - startedAt > START_MS) this.fail("käynnistys kesti liian kauan");
      else if (this.state === "loading") this.emit("progress");      // the seconds keep counting
    }, 1000);
    const names = clubNames();
    this.readyPromise = this.send({ op: "start" }, START_MS, early ? 0 : null).then(async (reply) => {
      if (!reply.ok) throw new EngineError(reply.error);
      // a start that found no snapshot (dropped) and stores none unmarks it (one stored marks it)
      if (reply.result.start !== "snapshot" && !reply.result.storing) markSnapshot(false);
      // the club's own player names (scenarios/nimet.yaml, as the build wrote them): narration
      // here declines them as the pages do; registered at every start (a snapshot has none)
      const table = await names;
      let clubNameCount = 0;
      if (table && Object.keys(table).length) {
        const answer = await this.send({ op: "names", names: table });
        if (!answer.ok) throw new EngineError(answer.error);
        clubNameCount = answer.result.names;
      }
      clearInterval(watchdog);
      reply.result.clubNames = clubNameCount;
      this.state = "ready";
      this.info = { ...reply.result, readyMs: Math.round(performance.now() - startedAt),
                    startedAt: Math.round(startedAt),
                    pageMs: Math.round(performance.now()), starts: this.starts };
      if (early) this.info.early = true;
      window.rommikirjaEngine = this.info;            // for the browser tests and benchmarks
      this.emit("state");
      cacheRuntime();
    }).catch((err) => {
      clearInterval(watchdog);
      this.fail(err.message);
      throw err instanceof EngineError ? err : new EngineError(err.message);
    });
    this.readyPromise.catch(() => {});
    if (early) for (const data of early.messages.splice(0)) onmessage(data);
    return this.readyPromise;
  },

  fail(message) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const error = new EngineError(message);
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
    if (!this.readyPromise) this.readyPromise = Promise.reject(error);
    this.readyPromise.catch(() => {});
    this.state = "failed";
    this.info = { error: message };
    this.emit("state");
    return this.readyPromise;
  },

  restart() {
    this.gen += 1;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.readyPromise = null;
    for (const entry of this.pending.values()) entry.reject(new EngineError("sääntömoottori käynnistettiin uudelleen"));
    this.pending.clear();
    return this.start();
  },

  // `sentAs`: the id of a request the worker has been sent already (the early start's, 0)
  send(request, timeout = REQUEST_MS, sentAs = null) {
    const worker = this.worker;
    if (!worker) return Promise.reject(new EngineError("sääntömoottori ei ole käynnissä"));
    const id = sentAs === null ? this.nextId++ : sentAs;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(Object.assign(new EngineError(`sääntömoottori ei vastannut ${Math.round(timeout / 1000)} sekunnissa`),
                             { timeout: true }));
      }, timeout);
      this.pending.set(id, {
        resolve: (v) => { clearTimeout(timer); resolve(v); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
      if (sentAs === null) worker.postMessage({ id, request });
    });
  },

  // A request with a bound and one retry: a request that times out (the worker is stuck) restarts
  // the engine and is sent once more; so does a start that failed quickly (a file that did not
  // come, an earlier start's failure: the reader asks again), but not one that stalled for
  // STALL_MS (a second wait as long would only delay the message). An engine's error answer is final.
  async call(request, timeout = REQUEST_MS) {
    for (let attempt = 0; ; attempt += 1) {
      const asked = performance.now();
      try {
        await this.start();
      } catch (err) {
        if (attempt >= 1 || performance.now() - asked > QUICK_FAIL_MS) throw err;
        this.restart().catch(() => {});
        continue;
      }
      try {
        const reply = await this.send(request, timeout);
        if (!reply.ok) throw Object.assign(new EngineError(reply.error), { final: true });
        return { result: reply.result, ms: reply.ms };
      } catch (err) {
        if (err.final || attempt >= 1) throw err;
        this.restart().catch(() => {});
      }
    }
  },

  emit(what) { for (const fn of this.listeners) fn(what); },
};

// Whether the engine's memory snapshot is kept, in localStorage: tools/engine_early.js reads it
// (at once, where asking Cache Storage would take a round trip) to start a repeat visit's engine
// from the page's <head>. Marked when the worker has stored a snapshot, unmarked when storing one
// failed or a start found none to restore (the worker dropped it).
const SNAPSHOT_MARK = "rommikirja-tilannevedos";
function markSnapshot(kept) {
  try {
    if (kept) window.localStorage.setItem(SNAPSHOT_MARK, "1");
    else window.localStorage.removeItem(SNAPSHOT_MARK);
  } catch { /* no localStorage (private mode, blocked): the early start asks Cache Storage */ }
}

// Whether tools/engine_early.js started a worker from this page's <head> that no start took yet.
function earlyPending() {
  const early = window.rommikirjaEarly;
  return !!(early && early.worker && !early.taken);
}

// The worker tools/engine_early.js started from this page's <head>, once: {worker, startedAt,
// messages} when there is one that has not failed; null otherwise (and none starts after this).
function takeEarly() {
  const early = window.rommikirjaEarly;
  if (!early || early.taken) return null;
  early.taken = true;
  if (!early.worker) return null;
  early.worker.removeEventListener("message", early.listen);
  early.worker.removeEventListener("error", early.fail);
  if (early.failed) { early.worker.terminate(); return null; }
  return early;
}

// The club's names ({name: [forms]}) from data/names.json, or null when the file cannot be read
// (a site built before the file existed): the engine then knows its built-in names only.
async function clubNames() {
  try {
    const response = await fetch(new URL("../data/names.json", import.meta.url));
    if (!response.ok) return null;
    const data = await response.json();
    return data && typeof data.names === "object" ? data.names : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- the service worker (offline)
let offline = null;
export function registerServiceWorker() {
  if (offline || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  if (typeof window.livereload === "function") return;     // `mkdocs serve`: always the fresh files
  const scope = new URL("../", import.meta.url);
  offline = navigator.serviceWorker.register(new URL("sw.js", scope), { scope: scope.pathname })
    .then((reg) => { hurryWaiting(reg); return reg; })
    .catch(() => { offline = null; return null; });
  navigator.serviceWorker.addEventListener("message", (event) => {
    // only the worker that controls the page has the last word: an old build's worker asked just
    // before a new one took over can answer after the new one has (its version would stand)
    const controller = navigator.serviceWorker.controller;
    if (controller && event.source !== controller) return;
    if (event.data && event.data.type === "runtime-cached") window.rommikirjaOffline = event.data;
  });
  // a new build's service worker took over: it caches this engine's runtime too (what it shares
  // with the old one it moved over; the rest, such as a new wheel, it fetches and checks)
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (engine.state === "ready") cacheRuntime();
  });
}

// A new build's service worker calls skipWaiting() as it installs; it takes over once the old one,
// which controls an open page, has no pending events (the visit began before the new worker was
// installed: tests/test_browser_deploy.py holds that install back). A skipWaiting() call once it
// is installed has Chromium look again (and ask the old worker to stop as soon as it is idle); a
// waiting worker that nobody asked was seen left waiting for minutes. So the page
// asks a waiting worker to take over, every couple of seconds, until one has: by the spec each
// call tries to activate it again; Chromium counts the first and holds the later ones on it.
const NUDGE_MS = 2000;
const NUDGES = 60;
function hurryWaiting(reg) {
  let left = 0;
  const nudge = () => {
    if (!reg.waiting || left <= 0) { left = 0; return; }
    left -= 1;
    reg.waiting.postMessage({ type: "skip-waiting" });
    setTimeout(nudge, NUDGE_MS);
  };
  const begin = () => { const idle = left === 0; left = NUDGES; if (idle) nudge(); };
  // a worker installing as this page registers (its updatefound came before: an earlier page of
  // the visit started the update) is watched too, else it waits unasked once installed
  const watch = (worker) => {
    if (worker) worker.addEventListener("statechange", () => { if (worker.state === "installed") begin(); });
  };
  if (reg.waiting) begin();
  watch(reg.installing);
  reg.addEventListener("updatefound", () => watch(reg.installing));
}

// Resolves when the service worker controls the page, or at once when none is being installed
// (registration refused, or an active one that does not control this load), or after `ms`.
function controlled(ms) {
  return new Promise((resolve) => {
    if (!offline || navigator.serviceWorker.controller) { resolve(); return; }
    const timer = setTimeout(resolve, ms);
    const done = () => { clearTimeout(timer); resolve(); };
    navigator.serviceWorker.addEventListener("controllerchange", done, { once: true });
    offline.then((reg) => { if (!reg || (!reg.installing && !reg.waiting)) done(); }, done);
  });
}

async function cacheRuntime() {
  if (!offline) return;
  await offline;
  const registration = await navigator.serviceWorker.ready;
  if (registration.active) registration.active.postMessage({ type: "cache-runtime" });
}

// ---------------------------------------------------------------- when to start
export function cheapNetwork() {
  const c = navigator.connection;
  if (!c) return true;
  if (c.saveData) return false;
  if (c.type === "cellular") return false;
  return !c.effectiveType || c.effectiveType === "4g";
}

export function fastDesktop() {
  return cheapNetwork() && window.matchMedia("(hover: hover) and (pointer: fine)").matches;
}

// True when this browser keeps the engine's memory snapshot (and so, from the same first start,
// the runtime in the service worker's cache): starting then costs no download, under a second.
// Asked once, as this module loads (page scripts ask it again on each page).
let snapshotAnswer = null;
export function snapshotCached() {
  if (!snapshotAnswer) {
    snapshotAnswer = (async () => {
      if (!("caches" in window)) return false;
      try {
        if (!(await caches.has("rommikirja-snapshot"))) return false;
        return (await (await caches.open("rommikirja-snapshot")).keys()).length > 0;
      } catch {
        return false;
      }
    })();
  }
  return snapshotAnswer;
}

// A repeat visit (the snapshot is kept) to a page with widgets or the game starts the engine as soon
// as this module runs, before the theme's own start-up: it costs no download and under a second.
// Not with saveData: the reader asked for less work.
export function startIfCached() {
  if (engine.state !== "idle" || (navigator.connection && navigator.connection.saveData)) return;
  // the page's <head> started a worker already (tools/engine_early.js: a snapshot was marked):
  // taken over at once. Asking Cache Storage instead could find no snapshot, as that worker drops
  // one of another wheel (a deploy) before it stores its own, and the engine would wait for a touch
  if (earlyPending()) { engine.start().catch(() => {}); return; }
  snapshotCached().then((has) => { if (has && engine.state === "idle") engine.start().catch(() => {}); });
}
if (document.querySelector(".harjoitus[data-kind], #pelaa")) startIfCached();

// Offline from the first page of a visit, whichever it is (the front page, Sanasto): the service
// worker is registered on every page, and once the page has loaded it is asked to cache the
// runtime in the background, when the connection allows (never with saveData or on a cellular or
// slow connection: then the runtime is cached when the engine first starts). The outcome is in
// window.rommikirjaPrefetch ("started", or why not), for the tests.
async function prefetchRuntime() {
  if (!offline) { window.rommikirjaPrefetch = "no service worker"; return; }
  if (!cheapNetwork()) { window.rommikirjaPrefetch = "connection"; return; }
  if (document.readyState !== "complete") await new Promise((ok) => window.addEventListener("load", ok, { once: true }));
  await new Promise((ok) => (window.requestIdleCallback || setTimeout)(ok));
  window.rommikirjaPrefetch = "started";
  cacheRuntime().catch(() => {});
}
registerServiceWorker();
prefetchRuntime();

// ---------------------------------------------------------------- one build per visit
// Every page names its build in its <head> (tools/site_hooks.py). These scripts are the build of
// the page they were loaded with; Material's instant navigation brings a new page into this
// document without loading its scripts, so a page of a newer build (a deploy during the visit) is
// loaded in whole instead: the new build takes over at that page change, never under old scripts.
// Page scripts bind a page only when sameBuild() (the reload is on its way otherwise).
const BUILD_META = 'meta[name="rommikirja-rakennus"]';
const buildOf = (doc) => doc.querySelector(BUILD_META)?.getAttribute("content") || "";
const ownBuild = buildOf(document);
window.rommikirjaBuild = ownBuild;                     // for the tests
export function sameBuild() {
  return buildOf(document) === ownBuild;
}
function reloadOnNewBuild() {
  if (sameBuild()) return;
  engine.gen += 1;                                     // nothing more starts under these scripts
  if (engine.worker) engine.worker.terminate();
  engine.worker = null;
  location.reload();
}
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(reloadOnNewBuild);

// For other scripts and the browser tests: the same one engine.
window.rommikirja = Object.freeze({
  call: (request, timeout) => engine.call(request, timeout),
  start: () => engine.start(),
  get state() { return engine.state; },
});
