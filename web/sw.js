// Service worker: keeps the whole site for offline use, in one cache per
// build ("cairn-<build>", the cache js/files.js reads and writes too), every
// file under the hash the build gave it. build/site.py fills in BUILD and
// FILES ({path: [hash, fetch]}) when it builds dist/: fetch true for the
// files the app reads, false for those the worker downloads when it needs
// them, "seen" for the page's catalogues (one per language: kept once the
// page has read it, never fetched for a language not shown), null for a
// start-up snapshot made in the browser (never on the host).
//
// Nothing is downloaded twice: a file already in this build's cache (the
// engine's downloads, kept there by the worker as they arrived) is left as it
// is; one an older build's cache has with the same hash is copied from there
// (a new build downloads only what changed); the rest is read first from the
// browser's HTTP cache, where the page has just put what it loaded, and only
// then from the network, and kept only when its hash is the build's. Files
// with fetch false (the packed runtime, packages and snapshot) are the
// worker's to download (on a first visit it needs only some of them): the
// service worker keeps them when they are there, and after a new build
// fetches a changed one only when the visitor had its older version (so the
// new build starts offline as the old one did).
const BUILD = "__CAIRN_BUILD_ID__";
const FILES = ["__CAIRN_FILES__"];
const CACHE = `cairn-${BUILD}`;
const HASH = "X-Cairn-Hash";
const scope = new URL("./", self.location.href);
const at = (rel) => new URL(rel, scope).href;

async function sha(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function download(rel, hash, mode) {
  const res = await fetch(new Request(at(rel), { cache: mode, mode: "same-origin" }));
  if (!res.ok) throw new Error(`${rel}: HTTP ${res.status}`);
  const bytes = await res.arrayBuffer();
  if ((await sha(bytes)) !== hash) return null;
  const headers = new Headers(res.headers);
  headers.set(HASH, hash);
  return new Response(bytes, { status: 200, headers });
}

async function keep(c, olds, rel, hash, fetchIt) {
  const url = at(rel);
  const mine = await c.match(url);
  if (mine && mine.headers.get(HASH) === hash) return;
  for (const old of olds) {
    const hit = await old.match(url);
    if (hit && hit.headers.get(HASH) === hash) { await c.put(url, hit); return; }
  }
  if (fetchIt === null) return;
  if (fetchIt === "seen") {   // kept when the page has read it (the browser's HTTP cache has it)
    const res = await download(rel, hash, "only-if-cached").catch(() => null);
    if (res) await c.put(url, res);
    return;
  }
  if (fetchIt === false) {
    let had = false;
    for (const old of olds) if (await old.match(url)) { had = true; break; }
    if (!had) return;
  }
  const res = (await download(rel, hash, "force-cache")) || (await download(rel, hash, "reload"));
  if (!res) throw new Error(`${rel} is not what this build made`);
  await c.put(url, res);
}

async function fill() {
  const c = await caches.open(CACHE);
  const olds = await Promise.all((await caches.keys())
    .filter((k) => k.startsWith("cairn-") && k !== CACHE).map((k) => caches.open(k)));
  const todo = Object.entries(FILES);
  const worker = async () => {
    while (todo.length) {
      const [rel, [hash, fetchIt]] = todo.shift();
      await keep(c, olds, rel, hash, fetchIt);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const page = await c.match(at("index.html"));
  if (page) await c.put(at("./"), page);
}

self.addEventListener("install", (event) => {
  event.waitUntil(fill().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("cairn-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

/** A page's catalogue the page just read: kept when it is this build's. */
async function keepSeen(c, rel, res) {
  const bytes = await res.arrayBuffer();
  if ((await sha(bytes)) !== FILES[rel][0]) return;
  const headers = new Headers(res.headers);
  headers.set(HASH, FILES[rel][0]);
  await c.put(at(rel), new Response(bytes, { status: 200, headers }));
}

let opened = null;   // the cache, opened once per service worker start
const cache = () => (opened = opened || caches.open(CACHE));

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || !url.href.startsWith(scope.href)) return;
  event.respondWith((async () => {
    const c = await cache();
    const hit = (await c.match(req)) || (url.search ? await c.match(req, { ignoreSearch: true }) : undefined);
    if (hit) return hit;
    try {
      const res = await fetch(req);
      const rel = url.href.slice(scope.href.length);
      if (res.ok && FILES[rel] && FILES[rel][1] === "seen") event.waitUntil(keepSeen(c, rel, res.clone()));
      return res;
    } catch (e) {
      if (req.mode === "navigate") {
        const page = await c.match(at("./"));
        if (page) return page;
      }
      throw e;
    }
  })());
});
