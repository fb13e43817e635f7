// The page's service worker (served at /sw.js, so that it keeps the whole site): the page's
// files and the game's material are kept, so that the page opens and shows what it knows when
// the server cannot be reached (a phone at the table on a flaky Wi-Fi). Always the network
// first, so a server that answers is never second-guessed; the copy only when it does not.
// The server fills in VERSION (a digest of the files) and ASSETS (the files to keep) when it
// serves this script: a new version of the page replaces the old copies.
const VERSION = "dev";
const ASSETS = [];
const CACHE = `black-sonata-${VERSION}`;
// What the page reads to draw itself: the card set, the map, the material, the words.
const MATERIAL = /^\/v1\/(cards|board|material|phrases\/[a-z]+)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("black-sonata-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname === "/" || url.pathname.startsWith("/static/") || MATERIAL.test(url.pathname)) {
    event.respondWith(networkFirst(event.request));
  }
});

async function networkFirst(request) {
  try {
    const answer = await fetch(request);
    if (answer.ok) {
      const copy = answer.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return answer;
  } catch (error) {
    const kept = await caches.match(request, {ignoreSearch: true});
    if (kept) return kept;
    throw error;
  }
}
