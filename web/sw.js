// Service worker: keeps the whole site (app, Pyodide, the engine's packages
// image and start-up snapshot; not the wheels, which the app does not load)
// in a cache named after the build, so the app loads and plays offline once
// it has been opened. build/site.py fills in BUILD and FILES when it builds
// dist/.
const BUILD = "__CAIRN_BUILD_ID__";
const FILES = ["__CAIRN_FILES__"];
const CACHE = `cairn-${BUILD}`;
const scope = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const c = await caches.open(CACHE);
    await c.addAll(["./", ...FILES].map((f) => new Request(new URL(f, scope), { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("cairn-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

let opened = null;   // the cache, opened once per service worker start
const cache = () => (opened = opened || caches.open(CACHE));

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== scope.origin) return;
  event.respondWith((async () => {
    const c = await cache();
    const hit = (await c.match(req)) || (url.search ? await c.match(req, { ignoreSearch: true }) : undefined);
    if (hit) return hit;
    try {
      const res = await fetch(req);
      if (res.ok && res.type === "basic" && url.href.startsWith(scope.href)) c.put(req, res.clone());
      return res;
    } catch (e) {
      if (req.mode === "navigate") {
        const page = await c.match(new URL("./", scope));
        if (page) return page;
      }
      throw e;
    }
  })());
});
