// Rommikirja's rules engine in the browser: a module worker that starts the self-hosted Pyodide,
// unpacks the engine wheel and answers JSON requests with rommikirja.practice.handle.
//
// Protocol. Page → worker: {id, request}. Worker → page: {id, ok, result | error, ms} for a
// request, {type: "progress", loaded, total, phase} while starting. Every error is Finnish.
//
// Start. The runtime files are fetched here (bytes counted for the progress line, a missing file
// fails at once instead of leaving Pyodide waiting) and handed to Pyodide through `fetch`. After
// the first start the worker takes a Pyodide memory snapshot (the heap just after importing the
// engine) and keeps it gzipped in Cache Storage, keyed by the Pyodide build and the wheel's hash;
// later starts restore it (about 1 s instead of 4–10 s). A snapshot that fails to load is removed
// and the engine starts normally.
const base = new URL("../", import.meta.url);
const pyodideURL = new URL("pyodide/", base);
const t0 = performance.now();
const SNAPSHOT_CACHE = "rommikirja-snapshot";   // gzipped: 6 MB reads and unzips faster than 31 MB raw
const TYPES = { wasm: "application/wasm", zip: "application/zip", whl: "application/zip",
                mjs: "text/javascript", json: "application/json" };

class EngineError extends Error {}

let handle = null;
let playHandle = null;
let loaded = 0;
let total = 0;
let phase = "lataus";
let lastReport = 0;
const prefetched = new Map();          // absolute URL → Promise<ArrayBuffer>

function report(force = false) {
  const now = performance.now();
  if (!force && now - lastReport < 150) return;
  lastReport = now;
  self.postMessage({ type: "progress", loaded, total, phase, ms: Math.round(now - t0) });
}

const realFetch = self.fetch.bind(self);

async function download(url) {
  let response;
  try {
    // straight from the service worker's cache when it is there (no round trip through it)
    response = ("caches" in self && await caches.match(url.href).catch(() => null)) || await realFetch(url);
  } catch {
    throw new EngineError("tiedostoja ei saatu ladattua (ei verkkoyhteyttä?)");
  }
  if (!response.ok) {
    throw new EngineError(`tiedosto ${url.pathname.split("/").pop()} puuttuu palvelimelta (HTTP ${response.status})`);
  }
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    loaded += value.length;
    report();
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { bytes.set(c, at); at += c.length; }
  return bytes.buffer;
}

// Pyodide fetches python_stdlib.zip and the wasm itself: answer from what was downloaded above.
self.fetch = (input, init) => {
  const url = new URL(typeof input === "string" ? input : input.url, base).href;
  const got = prefetched.get(url);
  if (!got) return realFetch(input, init);
  const ext = url.split(".").pop();
  return got.then((buf) => new Response(buf, { headers: { "content-type": TYPES[ext] || "application/octet-stream" } }));
};

async function json(path) {
  const response = await realFetch(new URL(path, base)).catch(() => null);
  if (!response || !response.ok) throw new EngineError(`tiedostoa ${path} ei saatu ladattua`);
  return response.json();
}

function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => {
    timer = setTimeout(() => reject(new EngineError(message)), ms);
  })]).finally(() => clearTimeout(timer));
}

// The cached snapshot, or null; its bytes come as a promise (unzipped while Pyodide loads).
async function findSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const hit = await cache.match(key);
    if (!hit) return null;
    const stream = hit.body.pipeThrough(new DecompressionStream("gzip"));
    return { bytes: new Response(stream).arrayBuffer().then((b) => new Uint8Array(b)) };
  } catch {
    return null;
  }
}

async function saveSnapshot(key, bytes) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const old of await cache.keys()) await cache.delete(old);     // one engine version at a time
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  const body = await new Response(stream).arrayBuffer();
  await cache.put(key, new Response(body, { headers: { "content-type": "application/gzip" } }));
  return body.byteLength;
}

async function dropSnapshot(key) {
  try { await (await caches.open(SNAPSHOT_CACHE)).delete(key); } catch { /* nothing to remove */ }
}

async function start(options) {
  const runtime = await json("data/runtime.json");
  const files = await json("data/files.json").catch(() => null);     // sizes and hashes (site build)
  const wheelURL = new URL(runtime.wheel, pyodideURL);
  const big = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];
  const sizeOf = (name) => (files && files.runtime[`pyodide/${name}`] ? files.runtime[`pyodide/${name}`].size : 0);
  total = [...big, runtime.wheel].reduce((sum, name) => sum + sizeOf(name), 0);
  const key = files && "caches" in self && options.snapshot !== false
    ? new URL(`pyodide/snapshot-${runtime.pyodide}-${files.runtime[`pyodide/${runtime.wheel}`].sha256.slice(0, 16)}.gz`, base).href
    : null;
  report(true);
  const pyodideModule = import(new URL("pyodide.mjs", pyodideURL).href);
  const wheelP = download(wheelURL);
  // The wasm in the service worker's cache is left to Pyodide's own streaming fetch, so that the
  // browser can reuse its compiled code (a Response made here would be compiled again).
  const wasmURL = new URL("pyodide.asm.wasm", pyodideURL);
  const wasmCached = "caches" in self && await caches.match(wasmURL.href).then(Boolean, () => false);
  for (const name of big) {
    const url = new URL(name, pyodideURL);
    if (wasmCached && url.href === wasmURL.href) { loaded += sizeOf(name); continue; }
    prefetched.set(url.href, download(url));
  }
  // a failed download fails the start at once
  const all = Promise.all([wheelP, ...prefetched.values()]);
  all.catch(() => {});
  const marks = { files: Math.round(performance.now() - t0) };
  const snapshot = key ? await findSnapshot(key) : null;
  marks.snapshotRead = Math.round(performance.now() - t0);
  const { loadPyodide } = await pyodideModule;
  await all;
  marks.downloaded = Math.round(performance.now() - t0);
  phase = "käynnistys";
  report(true);
  let pyodide = null;
  let how = "normal";
  const started = performance.now();
  if (snapshot) {
    try {
      pyodide = await withTimeout(loadPyodide({ indexURL: pyodideURL.href, _loadSnapshot: snapshot.bytes }), 30000,
                                  "tilannevedos ei latautunut");
      how = "snapshot";
    } catch {
      await dropSnapshot(key);
      pyodide = null;
    }
  }
  if (!pyodide) {
    pyodide = await withTimeout(loadPyodide({ indexURL: pyodideURL.href, _makeSnapshot: Boolean(key) }), 90000,
                                "Python ei käynnistynyt 90 sekunnissa");
  }
  const pyodideMs = performance.now() - started;
  const wheel = await wheelP;
  pyodide.unpackArchive(wheel, "wheel");
  handle = pyodide.runPython("from rommikirja.practice import handle\nhandle");
  // the Pelaa page's requests ({play: true, ...}) go to rommikirja.play.handle, where it exists
  playHandle = pyodide.runPython(
    "try:\n    from rommikirja.play import handle as play_handle\nexcept ImportError:\n    play_handle = None\nplay_handle");
  prefetched.clear();
  marks.imported = Math.round(performance.now() - t0);
  const info = { ms: Math.round(performance.now() - t0), pyodideMs: Math.round(pyodideMs), start: how, marks,
                 pyodide: runtime.pyodide, bytes: loaded, total };
  if (how === "normal" && key) {
    try {
      const s = performance.now();
      const bytes = pyodide.makeMemorySnapshot();
      info.snapshotMakeMs = Math.round(performance.now() - s);
      info.snapshotBytes = bytes.length;
      info.snapshotSaved = saveSnapshot(key, bytes);     // finishes after "ready"
    } catch (err) {
      info.snapshotError = String(err);
    }
  }
  return info;
}

let ready = null;

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    if (request === "ready" || (request && request.op === "start")) {     // "ready": the older name
      ready = ready || start(request);
      const info = await ready;
      const { snapshotSaved, ...shown } = info;
      self.postMessage({ id, ok: true, result: shown });
      if (snapshotSaved) {
        snapshotSaved.then((gz) => self.postMessage({ type: "snapshot", gzBytes: gz }),
                           (err) => self.postMessage({ type: "snapshot", error: String(err) }));
      }
      return;
    }
    ready = ready || start({});
    await ready;
    const t = performance.now();
    const fn = request && request.play ? playHandle : handle;
    if (!fn) throw new EngineError("tämä sääntömoottorin versio ei osaa pelata");
    const reply = JSON.parse(fn(JSON.stringify(request)));
    reply.ms = performance.now() - t;
    self.postMessage({ id, ...reply });
  } catch (err) {
    const message = err instanceof EngineError ? err.message : "sääntömoottorissa tapahtui odottamaton virhe";
    self.postMessage({ id, ok: false, error: message, detail: String(err) });
  }
};
