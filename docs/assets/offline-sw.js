// Rommikirja's service worker. tools/offline.py publishes it as /sw.js with `BUILD` prepended:
// {version, runtimeVersion, pages: [...], runtime: [...]} — this build's manifest.
//
// - Install: the pages and assets (a few hundred kB) are cached, so the whole site reads offline
//   after one visit.
// - The runtime (Pyodide, the engine wheel; 14 MB) is cached when the engine is first started,
//   not before: a reader who never practises never downloads it. The page asks for it with
//   {type: "cache-runtime"} once the engine is ready (the files are then in the HTTP cache).
// - Everything in the manifest is answered from the cache first; a new build has a new sw.js,
//   whose install caches the new files and whose activation removes the old caches.
// - The engine's memory snapshot ("rommikirja-snapshot") is the worker's and is kept.
/* global BUILD */
const PAGES = `rommikirja-sivut-${BUILD.version}`;
const RUNTIME = `rommikirja-ajo-${BUILD.runtimeVersion}`;
const KEEP = new Set([PAGES, RUNTIME, "rommikirja-snapshot"]);
const scope = new URL(self.registration.scope);
const abs = (path) => new URL(path, scope).href;
const pageSet = new Set(BUILD.pages.map(abs));
const runtimeSet = new Set(BUILD.runtime.map(abs));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(PAGES);
    await cache.addAll(BUILD.pages.map((p) => new Request(abs(p), { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("rommikirja-") && !KEEP.has(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function cacheRuntime() {
  const cache = await caches.open(RUNTIME);
  const have = new Set((await cache.keys()).map((r) => r.url));
  for (const url of runtimeSet) {
    if (have.has(url)) continue;
    const response = await fetch(url, { cache: "force-cache" });
    if (response.ok) await cache.put(url, response);
  }
  return runtimeSet.size;
}

self.addEventListener("message", (event) => {
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
    const hit = await cache.match(url);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok) cache.put(url, response.clone());
    return response;
  }
  if (pageSet.has(url)) {
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
