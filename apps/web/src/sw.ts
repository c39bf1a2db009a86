/// <reference lib="webworker" />
/**
 * Limni's service worker (built as /sw.js, self-contained: no imports).
 * - App shell: index.html and the hashed assets it references are cached at install; navigations are
 *   network-first with the cached shell as offline fallback; hashed assets are cache-first (immutable).
 * - Last data seen: GET /api/* (except personal data) is network-first, falling back to the last answer kept.
 * - Push: shows the notification sent by the server ({title, body, url, tag}) and opens its link on click.
 */
declare const self: ServiceWorkerGlobalScope;

const VERSION = 'limni-v1';
const SHELL = `${VERSION}-shell`;
const ASSETS = `${VERSION}-assets`;
const DATA = `${VERSION}-data`;
/** Personal or state-changing answers are never kept. */
const PRIVATE_API = /^\/api\/(user|auth|registration|csrf|push)\b/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      const res = await fetch('/', { cache: 'no-store' });
      if (!res.ok) return;
      const html = await res.clone().text();
      await shell.put('/', res);
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
      const icons = ['/icon.svg', '/manifest.webmanifest'];
      await (await caches.open(ASSETS)).addAll([...assets, ...icons]);
      await self.skipWaiting();
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

async function networkFirst(request: Request, cacheName: string, fallbackKey?: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(fallbackKey ?? request, res.clone());
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
    event.respondWith(networkFirst(request, DATA));
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
      const existing = windows.find((w) => w.url === target);
      if (existing) await existing.focus();
      else await self.clients.openWindow(target);
    })(),
  );
});

export {};
