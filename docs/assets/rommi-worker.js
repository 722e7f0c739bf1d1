// Rommikirja's rules engine in the browser: a module worker that starts the self-hosted Pyodide,
// unpacks the engine wheel and answers JSON requests with rommikirja.practice.handle.
//
// Protocol. Page → worker: {id, request}. Worker → page: {id, ok, result | error, ms} for a
// request, {type: "progress", loaded, total, phase} while starting. Every error is Finnish.
//
// Start. data/runtime.json, the build's small pointer, is read first and never from a stale cache
// (`no-cache`; the service worker asks the network first): it names the wheel (by its hash) and
// gives the size and SHA-256 of every runtime file. The runtime files are fetched here (bytes
// counted for the progress line, a missing file fails at once instead of leaving Pyodide waiting),
// each checked against its SHA-256 (a cached copy that differs is dropped and fetched again past
// every cache), and handed to Pyodide through `fetch`. After the first start the worker takes a
// Pyodide memory snapshot (the heap just after importing the engine) and keeps it (31 MB, of which
// the zero pages are left out) in Cache Storage, keyed by the Pyodide build and the wheel's hash;
// later starts restore it (under a second instead of 4–10 s); a snapshot of another wheel is
// dropped. A snapshot that fails to load is removed and the engine starts normally. On such a
// start everything overlaps: the Emscripten module is imported and the wasm compiled from Cache
// Storage while the snapshot is read, and the snapshot is restored before the pointer is read.
const base = new URL("../", import.meta.url);
const pyodideURL = new URL("pyodide/", base);
const t0 = performance.now();
// Kept uncompressed (reading 31 MB from Cache Storage took 66–106 ms where reading 6 MB gzipped
// and unzipping it took 185–470 ms, Chromium, 2 busy CPUs) but sparse: see sparse() below.
const SNAPSHOT_CACHE = "rommikirja-snapshot";
const TYPES = { wasm: "application/wasm", zip: "application/zip", whl: "application/zip",
                mjs: "text/javascript", json: "application/json" };

class EngineError extends Error {}

// The wasm compiled ahead: on a start from the caches its compilation begins with the worker, in
// parallel with reading the snapshot, and Pyodide's own streaming instantiation (which would begin
// only once the snapshot is read) takes the compiled module instead. Pyodide's own request for the
// wasm then gets an empty placeholder (the service worker would read and hash the 9.6 MB for
// nothing, while the engine waits for its other files): the wasm is fetched only when the
// compiled one is not the build's.
let precompiled = null;
const placeholders = new WeakSet();
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (source, imports) => {
  const ahead = precompiled;
  precompiled = null;
  const module = ahead && await ahead.catch(() => null);
  const response = await source;
  if (!module) return instantiateStreaming(placeholders.has(response) ? realFetch(wasmURL) : response, imports);
  if (response.body) response.body.cancel().catch(() => {});
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

let handle = null;
let playHandle = null;
let loaded = 0;
let total = 0;
let phase = "lataus";
let lastReport = 0;
const prefetched = new Map();          // absolute URL → Promise<ArrayBuffer>
const asmURL = new URL("pyodide.asm.mjs", pyodideURL);
let sizes = null;                      // data/runtime.json's files, once read
const sizeOf = (name) => (sizes && sizes.runtime[`pyodide/${name}`] ? sizes.runtime[`pyodide/${name}`].size : 0);
const wasmURL = new URL("pyodide.asm.wasm", pyodideURL);

function report(force = false) {
  const now = performance.now();
  if (!force && now - lastReport < 150) return;
  lastReport = now;
  self.postMessage({ type: "progress", loaded, total, phase, ms: Math.round(now - t0) });
}

const realFetch = self.fetch.bind(self);

async function sha256(buffer) {
  if (!(self.crypto && crypto.subtle)) return null;          // not a secure context: no check
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function read(response, url) {
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

async function dropCached(url) {
  try {
    for (const name of await caches.keys()) {
      if (name.startsWith("rommikirja-ajo-")) await (await caches.open(name)).delete(url.href);
    }
  } catch { /* nothing to remove */ }
}

// A runtime file's bytes, checked against `want` (its SHA-256 in data/runtime.json): the cached
// copy first, then the network, then the network past the HTTP cache.
async function download(url, want) {
  const name = url.pathname.split("/").pop();
  const tries = [
    async () => ("caches" in self && await caches.match(url.href).catch(() => null)) || null,
    () => realFetch(url),
    () => realFetch(url, { cache: "reload" }),
  ];
  for (const attempt of tries) {
    let response;
    try {
      response = await attempt();
    } catch {
      throw new EngineError("tiedostojen lataaminen epäonnistui (ei verkkoyhteyttä?)");
    }
    if (!response) continue;
    const bytes = await read(response, url);
    const got = want ? await sha256(bytes) : null;
    if (!want || got === null || got === want) return bytes;
    loaded -= bytes.byteLength;                      // a wrong copy: drop it and fetch again
    await dropCached(url);
  }
  throw new EngineError(`tiedosto ${name} ei vastaa sivuston tarkistetta (vioittunut tai vanha kopio)`);
}

// Pyodide fetches python_stdlib.zip and the wasm itself: answer from what was downloaded above.
// (Pyodide passes URL objects: a lookup by `input.url` would miss them all and fetch every file twice.)
self.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), base).href;
  if (url === wasmURL.href && precompiled) {
    const placeholder = new Response(null, { headers: { "content-type": "application/wasm" } });
    placeholders.add(placeholder);
    return Promise.resolve(placeholder);
  }
  const got = prefetched.get(url);
  if (!got) return realFetch(input, init);
  const ext = url.split(".").pop();
  return got.then((buf) => new Response(buf, { headers: { "content-type": TYPES[ext] || "application/octet-stream" } }));
};

// A runtime file Pyodide reads at every start (the standard library, the lock file), read at once
// straight from Cache Storage (not through the service worker, which reads and hashes every copy it
// hands over, one after the other) and checked here against the pointer's SHA-256 (`wantP`); a
// copy that is not there or not the build's is downloaded as any other (download above).
async function cachedFirst(url, wantP) {
  const hit = "caches" in self ? await caches.match(url.href).catch(() => null) : null;
  const bytes = hit && hit.ok ? await hit.arrayBuffer().catch(() => null) : null;
  const want = await wantP;
  if (bytes && (!want || (await sha256(bytes)) === want)) {
    loaded += bytes.byteLength;
    return bytes;
  }
  return download(url, want);
}

async function json(path) {
  const response = await realFetch(new URL(path, base), { cache: "no-cache" }).catch(() => null);
  if (!response || !response.ok) throw new EngineError(`tiedoston ${path} lataaminen epäonnistui`);
  return response.json();
}

function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => {
    timer = setTimeout(() => reject(new EngineError(message)), ms);
  })]).finally(() => clearTimeout(timer));
}

// The one snapshot in the cache, whatever its key, read at once (before the pointer says which
// key is wanted): {url, stored: Promise<ArrayBuffer>} (as kept: see sparse() below) or null.
async function anySnapshot() {
  try {
    if (!(await caches.has(SNAPSHOT_CACHE))) return null;
    const cache = await caches.open(SNAPSHOT_CACHE);
    const [request] = await cache.keys();
    const hit = request && await cache.match(request);
    return hit ? { url: request.url, stored: hit.arrayBuffer() } : null;
  } catch {
    return null;
  }
}

// The cached snapshot of `key`, or null; its bytes come as a promise (read while Pyodide loads).
// `early` is what anySnapshot found: used when it is the one wanted.
// Snapshots of another wheel or Pyodide are dropped: never used again (when the one read at once
// is the one wanted, after the start: the cache is busy handing that one over meanwhile, and a
// listing of it waited for the whole read, up to a second and a half under load).
async function dropOthers(key) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
}

async function findSnapshot(key, early) {
  const guess = await early;
  try {
    if (guess && guess.url === key) {
      guess.stored.then(() => dropOthers(key)).catch(() => {});
      return guess;
    }
    await dropOthers(key);
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(key);
    if (!hit) return null;
    return { stored: hit.arrayBuffer() };
  } catch {
    return null;
  }
}

// A snapshot is kept sparse: over half of the engine's memory is zero pages, which are left out
// (header: magic, length, number of runs, then each run of kept 4 kB pages as [first page, pages];
// then the kept pages in order). A snapshot without the magic is read as it is (the raw form).
const SPARSE = 0x50534b52;
const PAGE = 4096;

function sparse(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  const whole = Math.floor(bytes.byteLength / PAGE);
  const pages = Math.ceil(bytes.byteLength / PAGE);
  const runs = [];
  for (let p = 0; p < pages; p += 1) {
    let zero = p < whole;
    for (let w = p * (PAGE / 4), end = w + PAGE / 4; zero && w < end; w += 1) zero = words[w] === 0;
    if (zero) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === p) last[1] += 1;
    else runs.push([p, 1]);
  }
  const head = new Uint32Array(3 + 2 * runs.length);
  head.set([SPARSE, bytes.byteLength, runs.length]);
  runs.forEach(([first, n], i) => head.set([first, n], 3 + 2 * i));
  const parts = runs.map(([first, n]) => bytes.subarray(first * PAGE, Math.min((first + n) * PAGE, bytes.byteLength)));
  return new Blob([head, ...parts]);
}

// Pyodide's restore (API.restoreSnapshot) given the snapshot as kept, writing it straight into the
// new heap: Pyodide's own header (magic, its length, the build id, the JSON of its JS references)
// goes to Pyodide, which checks it; the heap image after it is copied run by run into the wasm
// memory and the left-out pages are zeroed there (the memory is not all zero after the module's
// set-up), instead of unpacking 31 MB into a buffer first and copying that. A raw snapshot (no
// sparse magic) goes to Pyodide as it is.
function restoreInto(module, restore, buffer) {
  const head = new Uint32Array(buffer, 0, Math.min(3, buffer.byteLength >>> 2));
  if (head.length < 3 || head[0] !== SPARSE) return restore(new Uint8Array(buffer));
  const [, length, count] = head;
  const runs = new Uint32Array(buffer, 12, 2 * count);
  const data = 12 + 8 * count;
  // the header is never zero: the first run begins with it, its length is the raw form's second word
  const skip = count && runs[0] === 0 && buffer.byteLength >= data + 8 ? new Uint32Array(buffer, data, 2)[1] : -1;
  if (skip < 8 || skip % 4 || skip > Math.min(runs[1] * PAGE, length)) throw new Error("tilannevedos on vioittunut");
  const meta = restore(new Uint8Array(buffer, data, skip));      // (its heap part is empty)
  const heap = module.HEAPU8;
  if (heap.length < length - skip) throw new Error("tilannevedos ei mahdu muistiin");
  let at = data;
  let end = skip;                       // the raw form's bytes up to here are in the heap
  for (let i = 0; i < count; i += 1) {
    const start = runs[2 * i] * PAGE;
    const n = Math.min(runs[2 * i + 1] * PAGE, length - start);
    if (start > end) heap.fill(0, end - skip, start - skip);
    const from = Math.max(start, skip);
    if (start + n > from) heap.set(new Uint8Array(buffer, at + from - start, start + n - from), from - skip);
    at += n;
    end = Math.max(end, start + n);
  }
  if (length > end) heap.fill(0, end - skip, length - skip);
  return meta;
}

// Pyodide reads a snapshot whole before it even creates its Emscripten module (half a second of
// script and wasm set-up): given this placeholder instead, it sets the module up while the
// snapshot is read (`stored`), and its restore gets the snapshot through restoreInto above.
const PLACEHOLDER = new Uint8Array(16);
function restoring(createPyodideModule, stored, mark) {
  return async (settings) => {
    const set = createPyodideModule(settings).then((m) => { mark("moduleSetUp"); return m; });
    const [module, buffer] = await Promise.all([set, stored]);
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = () => restoreInto(module, restore, buffer);
    return module;
  };
}

async function saveSnapshot(key, bytes) {
  await new Promise((ok) => setTimeout(ok, 0));       // after "ready" (the bytes are a copy already)
  const body = sparse(bytes);
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const old of await cache.keys()) await cache.delete(old);     // one engine version at a time
  await cache.put(key, new Response(body, { headers: { "content-type": "application/octet-stream" } }));
  return body.size;
}

async function dropSnapshot(key) {
  try { await (await caches.open(SNAPSHOT_CACHE)).delete(key); } catch { /* nothing to remove */ }
}

async function start(options) {
  const marks = {};
  const mark = (name) => { marks[name] = Math.round(performance.now() - t0); };
  mark("begin");
  // the pointer first: its request goes out with the worker (the cached files are checked by it)
  const pointer = json("data/runtime.json");
  pointer.catch(() => {});
  const filesP = pointer.then((r) => (r.files ? { runtime: r.files } : json("data/files.json").catch(() => null)));
  const wantP = (name) => filesP.then((f) => (f && f.runtime[`pyodide/${name}`] ? f.runtime[`pyodide/${name}`].sha256 : null));
  const stdlibURL = new URL("python_stdlib.zip", pyodideURL);
  for (const url of [stdlibURL, new URL("pyodide-lock.json", pyodideURL)]) {
    const got = cachedFirst(url, wantP(url.pathname.split("/").pop()));
    got.catch(() => {});
    prefetched.set(url.href, got);
  }
  const pyodideModule = import(new URL("pyodide.mjs", pyodideURL).href);
  pyodideModule.then(() => mark("pyodideMjs"), () => {});
  // Everything that does not need the pointer starts now, with the worker: the Emscripten module
  // (1.2 MB of JavaScript) is imported here, not after Pyodide's own set-up, so that it compiles
  // while the snapshot is read (Pyodide gets it as createPyodideModule), and a cached snapshot is
  // read before the pointer says whether it is the right one.
  let asmArrived = false;
  const asmModule = import(asmURL.href).then((m) => {
    asmArrived = true;
    mark("asm");
    if (total) { loaded += sizeOf("pyodide.asm.mjs"); report(); }
    return m.default;
  });
  asmModule.catch(() => {});
  const early = "caches" in self && options.snapshot !== false ? anySnapshot() : Promise.resolve(null);
  // A cached wasm is compiled straight from Cache Storage (not through the service worker, which
  // would hash it and hand over a copy first): the compilation starts with the worker, and the
  // cached copy is hashed meanwhile; a copy that is not the build's is never instantiated
  // (precompiled gives null, the copy is dropped, Pyodide's own fetch gets the right one).
  let wantWasm;
  const wasmHash = new Promise((ok) => { wantWasm = ok; });
  const wasmCachedP = "caches" in self ? caches.match(wasmURL.href).catch(() => null) : Promise.resolve(null);
  wasmCachedP.then((hit) => {
    if (!hit) return;
    const checkedP = Promise.all([wasmHash, caches.match(wasmURL.href).then((h) => h && h.arrayBuffer())])
      .then(async ([want, bytes]) => !want || (bytes && (await sha256(bytes)) === want))
      .catch(() => false);
    mark("compileStart");
    const compiled = WebAssembly.compileStreaming(hit);
    compiled.then(() => mark("compiled"), () => {});
    precompiled = Promise.all([compiled, checkedP]).then(async ([module, right]) => {
      if (right) return module;
      await dropCached(wasmURL);
      return null;
    }, () => null);
  });
  // A kept snapshot is restored at once, before the pointer says whether it is the one wanted (it
  // nearly always is): that start is used only when its key is the pointer's, dropped otherwise.
  const ahead = early.then(async (hit) => {
    if (!hit) return null;
    await wasmCachedP;                 // the compilation (if any) is under way: Pyodide takes it
    const [{ loadPyodide }, createPyodideModule] = await Promise.all([pyodideModule, asmModule]);
    mark("restoreAhead");
    return loadPyodide({ indexURL: pyodideURL.href, createPyodideModule: restoring(createPyodideModule, hit.stored, mark),
                         _loadSnapshot: PLACEHOLDER });
  }).catch(() => null);
  const runtime = await pointer;          // the pointer: names, sizes, hashes
  const files = await filesP;
  mark("manifests");
  const want = (name) => (files && files.runtime[`pyodide/${name}`] ? files.runtime[`pyodide/${name}`].sha256 : null);
  wantWasm(want("pyodide.asm.wasm"));
  const wheelURL = new URL(runtime.wheel, pyodideURL);
  const big = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];
  sizes = files;
  total = [...big, runtime.wheel].reduce((sum, name) => sum + sizeOf(name), 0);
  if (asmArrived) loaded += sizeOf("pyodide.asm.mjs");
  // keyed by the Pyodide build, the (trimmed) standard library and the wheel
  const key = files && "caches" in self && options.snapshot !== false
    ? new URL(`pyodide/snapshot-${runtime.pyodide}-${(want("python_stdlib.zip") || "").slice(0, 8)}-`
              + `${files.runtime[`pyodide/${runtime.wheel}`].sha256.slice(0, 16)}.raw`, base).href
    : null;
  report(true);
  const snapshotP = key ? findSnapshot(key, early) : Promise.resolve(null);
  const wheelP = download(wheelURL, want(runtime.wheel));
  // A cached wasm is being compiled already (above); otherwise it is downloaded here with the rest.
  const wasmCached = await wasmCachedP;
  if (wasmCached) loaded += sizeOf("pyodide.asm.wasm");
  else prefetched.set(wasmURL.href, download(wasmURL, want("pyodide.asm.wasm")));
  // a failed download fails the start at once
  const all = Promise.all([wheelP, asmModule, ...prefetched.values()]);
  all.catch(() => {});
  const failed = all.then(() => new Promise(() => {}));      // rejects when a download fails, never resolves
  mark("files");
  const snapshot = await snapshotP;
  mark("snapshotFound");
  if (snapshot) snapshot.stored.then(() => mark("snapshotRead"), () => {});
  const { loadPyodide } = await Promise.race([pyodideModule, failed]);
  const createPyodideModule = await Promise.race([asmModule, failed]);
  mark("pyodideModule");
  phase = "käynnistys";
  report(true);
  let pyodide = null;
  let how = "normal";
  const started = performance.now();
  if (snapshot) {
    try {
      pyodide = await withTimeout(Promise.race([
        snapshot === await early
          ? ahead.then((p) => p || Promise.reject(new Error("tilannevedos ei latautunut")))
          : loadPyodide({ indexURL: pyodideURL.href, createPyodideModule: restoring(createPyodideModule, snapshot.stored, mark),
                          _loadSnapshot: PLACEHOLDER }),
        failed]),
      30000, "tilannevedos ei latautunut");
      how = "snapshot";
    } catch (err) {
      if (err instanceof EngineError && !/tilannevedos/.test(err.message)) throw err;    // a download failed
      await dropSnapshot(key);
      pyodide = null;
    }
  }
  if (!pyodide) {
    await Promise.race([all, failed]);
    mark("downloaded");
    pyodide = await withTimeout(
      loadPyodide({ indexURL: pyodideURL.href, createPyodideModule, _makeSnapshot: Boolean(key) }), 90000,
      "Python ei käynnistynyt 90 sekunnissa");
  }
  const pyodideMs = performance.now() - started;
  mark("pyodide");
  // A snapshot made with every module of the engine imported needs no files of it: the wheel is
  // unpacked on a normal start only (or for a snapshot without that mark).
  const unpack = !(how === "snapshot" && pyodide.globals.get("_ROMMIKIRJA_KAIKKI") === true);
  if (unpack) pyodide.unpackArchive(await Promise.race([wheelP, failed]), "wheel");
  mark("unpacked");
  handle = pyodide.runPython("from rommikirja.practice import handle\nhandle");
  // the Pelaa page's requests ({play: true, ...}) go to rommikirja.play.handle, where it exists
  playHandle = pyodide.runPython(
    "try:\n    from rommikirja.play import handle as play_handle\nexcept ImportError:\n    play_handle = None\nplay_handle");
  prefetched.clear();
  mark("imported");
  // A normal start warms the engine's hot paths before "ready" (and before the memory snapshot,
  // which keeps them warm): one question and one check of every practice kind, so that the
  // reader's first check is as fast as the later ones. Skipped where it cannot run.
  let warmMs = 0;
  if (how === "normal") {
    const w = performance.now();
    try {
      pyodide.globals.set("RULES_JSON", JSON.stringify(await json("data/rules.json")));
      pyodide.runPython(WARM_UP);
    } catch { /* a site without data/rules.json, or an engine without the practice kinds */ }
    warmMs = Math.round(performance.now() - w);
    mark("warmed");
  }
  if (how === "normal") pyodide.runPython(ALL_IMPORTED);
  const info = { ms: Math.round(performance.now() - t0), pyodideMs: Math.round(pyodideMs), start: how, marks, warmMs,
                 wheelUnpacked: unpack,
                 origin: performance.timeOrigin,
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

// One question and one check of each practice kind, in a game it fits, through the JSON entry
// point the pages use (see start).
const WARM_UP = `
import json
from rommikirja.practice import KINDS, handle as _handle
for _kind in KINDS:
    for _game in json.loads(RULES_JSON).values():
        _q = json.loads(_handle(json.dumps({"op": "question", "kind": _kind, "seed": 1, "rules": _game})))
        if _q["ok"]:
            _handle(json.dumps({"op": "check", "question": _q["result"]["question"], "answer": {}}))
            break
del RULES_JSON, _q, _kind, _game, _handle
`;

// Imports every module of the engine's package (those the pages import lazily too, such as the
// Opetusjako's texts) and marks in the snapshot to be made whether all of them are imported: a
// start from that snapshot then needs no files of the wheel (the unpacked files live outside the
// memory the snapshot keeps).
const ALL_IMPORTED = `
def _all_imported():
    import importlib, os, sys, rommikirja
    root = os.path.dirname(rommikirja.__file__)
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, name), os.path.dirname(root))[:-3]
                mod = rel.replace(os.sep, ".").removesuffix(".__init__")
                if mod not in sys.modules:
                    try:
                        importlib.import_module(mod)
                    except Exception:
                        return False
    return True
_ROMMIKIRJA_KAIKKI = _all_imported()
del _all_imported
`;

let ready = null;

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    if (request === "ready" || (request && request.op === "start")) {     // "ready": the older name
      ready = ready || start(request);
      const info = await ready;
      const { snapshotSaved, ...shown } = info;
      self.postMessage({ id, ok: true, result: { ...shown, storing: Boolean(snapshotSaved) } });
      if (snapshotSaved) {
        snapshotSaved.then((n) => self.postMessage({ type: "snapshot", bytes: n }),
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
