/// <reference lib="webworker" />
/**
 * Limni's service worker (built as /sw.js, self-contained: no imports).
 * - App shell: at install, index.html and every script and stylesheet of the build reachable from it (the entry,
 *   then each chunk's static and lazy imports, found in the chunks' text) are cached, so that any screen opens
 *   offline; navigations are network-first with the cached shell as fallback; hashed assets are cache-first.
 * - Last data seen: GET /api/* (except personal data) is network-first, falling back to the last answer kept
 *   (at most DATA_MAX answers, the least recently refreshed dropped first).
 * - Push: shows the notification sent by the server ({title, body, url, tag}) and opens its link on click,
 *   in an open Limni window when there is one.
 */
declare const self: ServiceWorkerGlobalScope;

const VERSION = 'limni-v2';
const SHELL = `${VERSION}-shell`;
const ASSETS = `${VERSION}-assets`;
const DATA = `${VERSION}-data`;
/** Answers of the data API kept for offline use. */
const DATA_MAX = 300;
/** Personal or state-changing answers are never kept. */
const PRIVATE_API = /^\/api\/(user|auth|registration|csrf|push)\b/;
/** References to other files of the build inside a chunk: `"assets/x-hash.js"` (lazy-import map) or `"./x.js"`. */
const CHUNK_REF = /["'](?:\.\/|\/?assets\/)([\w.-]+\.(?:m?js|css))["']/g;

/** Caches index.html and every script and stylesheet reachable from it. */
async function precacheShell(): Promise<void> {
  const res = await fetch('/', { cache: 'no-store' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await (await caches.open(SHELL)).put('/', res);
  const assets = await caches.open(ASSETS);
  const seen = new Set<string>();
  let queue = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
  while (queue.length > 0) {
    const batch = [...new Set(queue)].filter((u) => !seen.has(u));
    queue = [];
    for (const u of batch) seen.add(u);
    await Promise.all(
      batch.map(async (url) => {
        try {
          const r = await fetch(url);
          if (!r.ok) return;
          if (/\.m?js$/.test(url)) {
            for (const m of (await r.clone().text()).matchAll(CHUNK_REF)) queue.push(`/assets/${m[1]}`);
          }
          await assets.put(url, r);
        } catch {
          // One file missed: it is cached the first time it is used (cache-first below).
        }
      }),
    );
  }
  await assets.addAll(['/icon.svg', '/icon-192.png', '/manifest.webmanifest']);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        await precacheShell();
      } finally {
        await self.skipWaiting();
      }
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (!key.startsWith(VERSION)) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** Drops the oldest entries of a cache beyond `max` (keys come in insertion order; a refresh re-inserts). */
async function trim(cache: Cache, max: number): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

async function networkFirst(
  request: Request,
  cacheName: string,
  fallbackKey?: string,
  max?: number,
): Promise<Response> {
  const cache = await caches.open(cacheName);
  try {
    const res = await fetch(request);
    if (res.ok) {
      const key = fallbackKey ?? request;
      await cache.delete(key);
      await cache.put(key, res.clone());
      if (max) await trim(cache, max);
    }
    return res;
  } catch (err) {
    const cached = await cache.match(fallbackKey ?? request);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL, '/'));
  } else if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/geo/')) {
    event.respondWith(cacheFirst(request));
  } else if (
    url.pathname.startsWith('/api/') &&
    !PRIVATE_API.test(url.pathname) &&
    !request.headers.has('authorization')
  ) {
    event.respondWith(networkFirst(request, DATA, undefined, DATA_MAX));
  }
});

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() as PushPayload | undefined) ?? {};
  } catch {
    data = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(data.title ?? 'Limni', {
      body: data.body ?? '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      tag: data.tag,
      data: { url: data.url ?? '/' },
      lang: 'fr',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? '/',
    self.location.origin,
  ).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === target);
      if (same) {
        await same.focus();
        return;
      }
      // An open Limni window goes to the place; otherwise a new one opens.
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (await focused.navigate(target).catch(() => null)) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

export {};
