// Rommikirja's service worker. tools/offline.py publishes it as /sw.js with `BUILD` prepended:
// {version, runtimeVersion, pages: [...], runtime: [...], sha256: {runtime file: hash}} — this
// build's manifest.
//
// - Install: the pages and assets (a few hundred kB) are cached, so the whole site reads offline
//   after one visit; what the page has just loaded is taken from the HTTP cache when it is this
//   build's copy (BUILD.hashes), so the first visit downloads each file once.
// - Pages, assets and data (data/runtime.json, the pointer to the engine, among them) come from
//   the network while there is one (revalidated, `no-cache`) and from this build's cache only when
//   the network fails: a reader online always gets the served build whole (pages, scripts and
//   engine of one build), offline the cached build whole.
// - The runtime (Pyodide, the engine wheel named by its hash; 14 MB) is cached when the engine is
//   first started, not before: a reader who never practises never downloads it. The page asks
//   for it with {type: "cache-runtime"} once the engine is ready. Every runtime file is checked
//   against its SHA-256 in BUILD before it is cached and before a cached copy is used; a copy
//   that differs is dropped and fetched again past the HTTP cache.
// - A new build has a new sw.js: its install caches the new pages, its activation moves the
//   runtime files that are still right from the old runtime cache and removes the old caches.
// - The engine's memory snapshot ("rommikirja-snapshot") is the engine worker's, keyed by the
//   wheel's hash; the worker drops a snapshot of another wheel.
/* global BUILD */
const PAGES = `rommikirja-sivut-${BUILD.version}`;
const RUNTIME = `rommikirja-ajo-${BUILD.runtimeVersion}`;
const SNAPSHOT = "rommikirja-snapshot";
const KEEP = new Set([PAGES, RUNTIME, SNAPSHOT]);
const scope = new URL(self.registration.scope);
const abs = (path) => new URL(path, scope).href;
const pageSet = new Set(BUILD.pages.map(abs));
const runtimeSet = new Set(BUILD.runtime.map(abs));
const expected = new Map(BUILD.runtime.map((rel) => [abs(rel), (BUILD.sha256 || {})[rel]]));

async function sha256(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A response whose body has the hash this build expects for `url`, as a fresh Response; else null.
async function checked(url, response) {
  if (!response || !response.ok) return null;
  const want = expected.get(url);
  const body = await response.arrayBuffer();
  if (want && await sha256(body) !== want) return null;
  // the body is decoded already: only its type goes with it (no Content-Encoding or -Length)
  const type = response.headers.get("content-type") || "application/octet-stream";
  return new Response(body, { status: 200, headers: { "content-type": type } });
}

// A runtime file from the network, checked: first as the HTTP cache has it, then past it. One
// download per file at a time: the background caching (asked by any page) and the engine's own
// requests share it.
const inflight = new Map();
async function fetchRuntime(url) {
  if (!inflight.has(url)) {
    const job = (async () => {
      for (const mode of ["force-cache", "reload"]) {
        const good = await checked(url, await fetch(url, { cache: mode }));
        if (good) return good;
      }
      throw new Error(`${url.split("/").pop()}: tarkiste ei täsmää`);
    })();
    inflight.set(url, job);
    job.then(() => inflight.delete(url), () => inflight.delete(url));
  }
  return (await inflight.get(url)).clone();
}

// The cached copy of a runtime file when it is the right one (a wrong one is deleted). Checked
// every time it is used (hashing the 9.6 MB wasm costs some tens of milliseconds): Cache Storage
// is the page's too, and a copy checked once is not known to be the same copy later.
async function cachedRuntime(cache, url) {
  const hit = await cache.match(url);
  if (!hit) return null;
  const good = await checked(url, hit);
  if (!good) await cache.delete(url);
  return good;
}

// One page or asset into this build's cache. The page that registered this worker has just
// loaded several of them: their copies in the HTTP cache are taken when their hash is this
// build's (no second download on the first visit), anything else comes from the network.
async function precache(cache, path) {
  const url = abs(path);
  const want = (BUILD.hashes || {})[path];
  if (want) {
    try {
      const hit = await fetch(url, { cache: "force-cache", credentials: "same-origin" });
      if (hit.ok && !hit.redirected && (await sha256(await hit.clone().arrayBuffer())).startsWith(want)) {
        await cache.put(url, hit);
        return;
      }
    } catch { /* from the network below */ }
  }
  const response = await fetch(new Request(url, { cache: "no-cache", credentials: "same-origin" }));
  if (!response.ok) throw new TypeError(`${path}: HTTP ${response.status}`);
  await cache.put(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(PAGES);
    await Promise.all(BUILD.pages.map((p) => precache(cache, p)));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith("rommikirja-") && !KEEP.has(n));
    // runtime files this build shares with the old one (Pyodide, an unchanged wheel) move over
    const runtime = await caches.open(RUNTIME);
    for (const url of runtimeSet) {
      if (await runtime.match(url)) continue;
      for (const name of names.filter((n) => n.startsWith("rommikirja-ajo-"))) {
        const good = await checked(url, await (await caches.open(name)).match(url));
        if (good) { await runtime.put(url, good); break; }
      }
    }
    for (const name of names) await caches.delete(name);
    await self.clients.claim();
  })());
});

async function cacheRuntime() {
  const cache = await caches.open(RUNTIME);
  for (const url of runtimeSet) {
    if (await cachedRuntime(cache, url)) continue;
    await cache.put(url, await fetchRuntime(url));
  }
  return runtimeSet.size;
}

self.addEventListener("message", (event) => {
  // a page of this build asks this worker, installed and waiting, to take over (moottori.js)
  if (event.data && event.data.type === "skip-waiting") {
    event.waitUntil(self.skipWaiting());
    return;
  }
  if (event.data && event.data.type === "cache-runtime") {
    event.waitUntil(cacheRuntime().then(
      (n) => event.source && event.source.postMessage({ type: "runtime-cached", files: n, version: BUILD.version }),
      (err) => event.source && event.source.postMessage({ type: "runtime-cached", error: String(err) })));
  }
});

function key(url) {
  const u = new URL(url);
  u.search = "";          // ?kelpaako-perusrommi=1234 is the same page
  u.hash = "";
  if (!pageSet.has(u.href) && pageSet.has(u.href + "/")) u.pathname += "/";
  if (u.pathname.endsWith("/index.html") && pageSet.has(u.href.replace(/index\.html$/, ""))) {
    u.pathname = u.pathname.replace(/index\.html$/, "");
  }
  return u.href;
}

async function answer(request) {
  const url = key(request.url);
  if (runtimeSet.has(url)) {
    const cache = await caches.open(RUNTIME);
    const hit = await cachedRuntime(cache, url);
    if (hit) return hit;
    const response = await fetchRuntime(url);
    cache.put(url, response.clone()).catch(() => {});
    return response;
  }
  if (pageSet.has(url)) {
    let response = null;
    try {         // what the server has now answers (a page it no longer has: its 404)
      response = await fetch(request.url, { cache: "no-cache", credentials: "same-origin" });
    } catch { /* offline: this build's copy below */ }
    // a navigation may not take a followed redirect (perusrommi → perusrommi/): pass it on
    if (response && response.redirected && request.mode === "navigate") return Response.redirect(response.url, 302);
    if (response) return response;
    const hit = await caches.match(url, { cacheName: PAGES });
    if (hit) return hit;
  }
  try {
    return await fetch(request);
  } catch (err) {
    const fallback = await caches.match(url);
    if (fallback) return fallback;
    if (request.mode === "navigate") {
      return new Response("<!doctype html><meta charset=utf-8><title>Ei verkkoyhteyttä</title>"
        + "<p lang=fi>Tätä sivua ei ole tallennettu laitteellesi, eikä verkkoyhteyttä ole. "
        + `<a href="${scope.href}">Rommikirjan etusivulle</a></p>`,
        { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(scope.href)) return;
  event.respondWith(answer(request));
});
