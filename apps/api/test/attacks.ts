/**
 * The attack list of the security review, re-run against a live server on the loopback (never another host), bounded in
 * count: about 1,500 requests. Each attack returns null when the server resists, or what it found.
 *
 * Run by `src/http/attacks.test.ts` on both engines, or by hand against a server started on 127.0.0.1:
 *   npx tsx apps/api/test/attacks.ts http://127.0.0.1:8080 --data-dir=/tmp/limni-x
 * (`--data-dir`: the server's DATA_DIR, whose e-mail outbox gives the verification links of the test accounts.)
 *
 * Not here, because no request can provoke them: D5 (a hostile upstream `next` link: `ingest/links.test.ts`),
 * D10 (a disk that cannot take the e-mail: `features/account/registration-mail.test.ts`) and the memory of D9
 * (`bench/uploads.ts`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export interface AttackTarget {
  /** `http://127.0.0.1:<port>` (loopback only). */
  base: string;
  /** The server's DATA_DIR (its outbox holds the verification links). */
  dataDir: string;
}

export interface AttackResult {
  ran: string[];
  findings: Array<{ attack: string; finding: string }>;
}

interface Account {
  name: string;
  token: string;
  id: number;
}

const PASSWORD = 'Truite-Vague-42-Saumon';

function assertLoopback(base: string): void {
  const host = new URL(base).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
    throw new Error(`Attaques refusées hors de la boucle locale : ${host}`);
  }
}

/** The HTTP side of the attacker: a CSRF token like the web app's, JSON helpers, the outbox. */
class Client {
  private csrf: string | null = null;
  private seq = 0;

  constructor(readonly t: AttackTarget) {}

  /** A distinct client address as one trusted proxy would append it (ignored when TRUST_PROXY is off). */
  nextAddress(): string {
    this.seq++;
    return `198.18.${(this.seq >> 8) & 255}.${this.seq & 255}`;
  }

  async token(): Promise<string> {
    this.csrf ??= (
      (await (await fetch(`${this.t.base}/api/csrf`)).json()) as { csrftoken: string }
    ).csrftoken;
    return this.csrf;
  }

  async send(
    method: string,
    url: string,
    opts: {
      json?: unknown;
      body?: RequestInit['body'];
      token?: string;
      headers?: Record<string, string>;
      csrf?: boolean;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (method !== 'GET' && opts.csrf !== false) {
      const csrf = await this.token();
      headers['x-csrftoken'] ??= csrf;
      headers.cookie ??= `csrftoken=${csrf}`;
    }
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    return fetch(`${this.t.base}${url}`, { method, headers, body, redirect: 'manual' });
  }

  async json<T>(
    method: string,
    url: string,
    opts: Parameters<Client['send']>[2] = {},
  ): Promise<{ status: number; body: T }> {
    const res = await this.send(method, url, opts);
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, body: body as T };
  }

  /** Mails of the outbox to `email`, oldest first (decoded quoted-printable). */
  mails(email: string): string[] {
    const dir = path.join(this.t.dataDir, 'outbox');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .sort()
      .map((f) =>
        fs
          .readFileSync(path.join(dir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .filter((m) => m.toLowerCase().includes(email.toLowerCase()));
  }

  /** A verified, signed-in account (registration, the mailed link, sign-in), from a fresh address. */
  async account(prefix: string): Promise<Account> {
    const name = `${prefix}${crypto.randomBytes(3).toString('hex')}`;
    const email = `${name.toLowerCase()}@exemple.fr`;
    const headers = { 'x-forwarded-for': this.nextAddress() };
    const reg = await this.send('POST', '/api/registration/rest/', {
      json: { username: name, email, password1: PASSWORD, password2: PASSWORD },
      headers,
    });
    if (reg.status !== 201) throw new Error(`inscription de ${name} : ${reg.status}`);
    const key = /\/user\/register\/([^\s"<>]+)/.exec(this.mails(email).pop() ?? '')?.[1];
    if (!key) throw new Error(`pas de lien de vérification pour ${email}`);
    await this.send('POST', '/api/registration/rest/verify-email/', {
      json: { key: decodeURIComponent(key) },
    });
    const login = await this.json<{ token: string; user: { id: number } }>('POST', '/api/auth/rest/login/', {
      json: { username: name, password: PASSWORD },
      headers: { 'x-forwarded-for': this.nextAddress() },
    });
    if (login.status !== 200) throw new Error(`connexion de ${name} : ${login.status}`);
    return { name, token: login.body.token, id: login.body.user.id };
  }
}

type Attack = (c: Client, shared: Shared) => Promise<string | null>;

interface Shared {
  places: number[];
  a: Account;
  b: Account;
}

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Each attack: [name, what it tries]; null when nothing is found. */
const ATTACKS: Array<[string, Attack]> = [
  // D1 — headers, framing, a stolen token.
  [
    'D1 en-têtes de la page : CSP stricte, pas d’encadrement, nosniff, Referrer-Policy, Permissions-Policy',
    async (c) => {
      const h = (await c.send('GET', '/lieu/1/a-1')).headers;
      const csp = h.get('content-security-policy') ?? '';
      const script = /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      if (!/'self'/.test(script) || /unsafe-(inline|eval)|\*|https?:|data:/.test(script)) {
        return `CSP : ${csp || 'absente'}`;
      }
      if (/(?:^|; )style-src [^;]*unsafe-inline/.test(csp)) return 'attributs de style en ligne permis';
      if (!/frame-ancestors 'none'/.test(csp) || h.get('x-frame-options') !== 'DENY') return 'encadrable';
      if (h.get('x-content-type-options') !== 'nosniff') return 'pas de nosniff';
      if (h.get('referrer-policy') !== 'strict-origin-when-cross-origin') return 'Referrer-Policy';
      if (!/geolocation=\(self\)/.test(h.get('permissions-policy') ?? '')) return 'Permissions-Policy';
      return null;
    },
  ],
  [
    'D1 en-têtes des réponses de l’API et des erreurs',
    async (c) => {
      for (const url of ['/api/hydro/bassins', '/api/nope', `/api/hydro/lieu/${'x'.repeat(200)}`]) {
        const h = (await c.send('GET', url)).headers;
        if (!/default-src 'none'/.test(h.get('content-security-policy') ?? '')) return `${url} : CSP`;
        if (h.get('x-content-type-options') !== 'nosniff') return `${url} : nosniff`;
      }
      return null;
    },
  ],
  [
    'D1 un jeton volé change le mot de passe sans l’ancien',
    async (c, s) => {
      const res = await c.send('POST', '/api/auth/rest/password/change/', {
        token: s.a.token,
        json: { password1: 'Nouveau-Mot-De-Passe-99', password2: 'Nouveau-Mot-De-Passe-99' },
      });
      return res.status === 200 ? 'mot de passe changé sans l’ancien' : null;
    },
  ],
  // D2 — the weather proxy.
  [
    'D2 balayage de la météo de 60 mailles depuis une adresse',
    async (c, s) => {
      let refused = 0;
      for (const id of s.places.slice(0, 60)) {
        const r = await c.json<{ raison?: string }>('GET', `/api/meteo/lieu/${id}`);
        if (r.body.raison === 'trop_de_demandes') refused++;
      }
      return refused === 0 ? '60 lieux demandés sans limite par adresse' : null;
    },
  ],
  // D3 — a spoofed X-Forwarded-For behind one proxy.
  [
    'D3 25 inscriptions avec un X-Forwarded-For de tête forgé (derrière un proxy)',
    async (c) => {
      let limited = false;
      for (let i = 0; i < 25 && !limited; i++) {
        const res = await c.send('POST', '/api/registration/rest/', {
          json: {},
          headers: { 'x-forwarded-for': `${c.nextAddress()}, 203.0.113.77` },
        });
        limited = res.status === 429;
      }
      return limited ? null : 'limite par adresse contournée (25 inscriptions, aucune 429)';
    },
  ],
  // D4 — races on one account.
  [
    'D4 260 abonnements simultanés (limite 200)',
    async (c) => {
      const u = await c.account('Course');
      const lieux = await c.json<{ lieux: Array<{ id: number }> }>('GET', '/api/hydro/recherche-terms');
      const ids = lieux.body.lieux.slice(0, 260).map((l) => l.id);
      await Promise.all(
        ids.map((lieu) => c.send('POST', '/api/user/crea-abonnement', { token: u.token, json: { lieu } })),
      );
      const profile = await c.json<{ lieux: unknown[] }>('GET', '/api/user/profile', { token: u.token });
      return profile.body.lieux.length > 200 ? `${profile.body.lieux.length} lieux suivis` : null;
    },
  ],
  [
    'D4 arrêts et abonnements entremêlés : chaque lieu suivi garde ses règles par défaut',
    async (c, s) => {
      const ref = await c.account('Reference');
      const racer = await c.account('Hesitant');
      const lieux = s.places.slice(0, 4);
      const regles = async (u: Account) => {
        const r = await c.json<{ regles: Array<{ lieu: { id: number }; origine: string; type: string }> }>(
          'GET',
          '/api/user/alertes',
          { token: u.token },
        );
        const by = new Map<number, string[]>();
        for (const x of r.body.regles.filter((y) => y.origine === 'defaut')) {
          by.set(x.lieu.id, [...(by.get(x.lieu.id) ?? []), x.type].sort());
        }
        return by;
      };
      for (const lieu of lieux) {
        await c.send('POST', '/api/user/crea-abonnement', { token: ref.token, json: { lieu } });
      }
      const expected = await regles(ref);
      for (let round = 0; round < 6; round++) {
        await Promise.all(
          lieux.flatMap((lieu) => [
            c.send('POST', '/api/user/crea-abonnement', { token: racer.token, json: { lieu } }),
            c.send('POST', '/api/user/stop-abonnement', { token: racer.token, json: { lieu } }),
            c.send('POST', '/api/user/crea-abonnement', { token: racer.token, json: { lieu } }),
          ]),
        );
        const followed = (
          await c.json<{ lieux: Array<{ id: number }> }>('GET', '/api/user/profile', { token: racer.token })
        ).body.lieux;
        const got = await regles(racer);
        for (const l of followed) {
          if (JSON.stringify(got.get(l.id) ?? []) !== JSON.stringify(expected.get(l.id) ?? [])) {
            return `tour ${round} : lieu ${l.id} suivi avec les règles ${JSON.stringify(got.get(l.id) ?? [])}`;
          }
        }
      }
      return null;
    },
  ],
  // D6 — cookies on shared answers.
  [
    'D6 cookie sur une réponse publique (cache partagé)',
    async (c) => {
      for (const url of ['/api/hydro/bassins', '/api/hydro/index', '/api/activites/all', '/api/cgu']) {
        const res = await c.send('GET', url);
        const cc = res.headers.get('cache-control') ?? '';
        if (/public/.test(cc) && res.headers.get('set-cookie')) return `${url} : Set-Cookie sur ${cc}`;
        if (/public/.test(cc) && !/accept-encoding/i.test(res.headers.get('vary') ?? '')) {
          return `${url} : Vary`;
        }
      }
      return null;
    },
  ],
  // D7, D8 — quotas.
  [
    'D7 au-delà du quota horaire, une photo est encore lue et décodée',
    async (c, s) => {
      const u = await c.account('Bavard');
      for (let i = 0; i < 30; i++) {
        const form = new FormData();
        form.append('lieu', String(s.places[0]));
        form.append('texte', `message ${i}`);
        await c.send('POST', '/api/user/new-publication', { token: u.token, body: form });
      }
      const form = new FormData();
      form.append('lieu', String(s.places[0]));
      form.append(
        'photo',
        new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' }),
        'x.jpg',
      );
      const res = await c.send('POST', '/api/user/new-publication', { token: u.token, body: form });
      return res.status === 429 ? null : `réponse ${res.status} au lieu de 429 (le fichier a été lu)`;
    },
  ],
  [
    'D8 une publication refusée consomme le quota',
    async (c, s) => {
      const u = await c.account('Malchance');
      for (let i = 0; i < 5; i++) {
        const form = new FormData();
        form.append('lieu', '99999999');
        form.append('texte', 'perdu');
        await c.send('POST', '/api/user/new-publication', { token: u.token, body: form });
      }
      for (let i = 0; i < 30; i++) {
        const form = new FormData();
        form.append('lieu', String(s.places[0]));
        form.append('texte', `ok ${i}`);
        const res = await c.send('POST', '/api/user/new-publication', { token: u.token, body: form });
        if (res.status !== 201) return `publication ${i + 1} refusée (${res.status}) après 5 échecs`;
      }
      return null;
    },
  ],
  [
    'D9 avatar de 49 mégapixels',
    async (c, s) => {
      const big = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#0b4f6c' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(big)], { type: 'image/jpeg' }), 'a.jpg');
      const res = await c.send('PUT', '/api/user/avatar', { token: s.b.token, body: form });
      return res.status === 400 ? null : `avatar de 49 Mpx : ${res.status}`;
    },
  ],
  // D11 — health.
  [
    'D11 /api/health publie des adresses ou des corps amont',
    async (c) => {
      const text = await (await c.send('GET', '/api/health')).text();
      if (/https?:\/\//.test(text)) return 'une adresse dans /api/health';
      return /"status":"(ok|degraded)"/.test(text) && /"problemes"/.test(text) ? null : 'état sans problèmes';
    },
  ],
  // The fundamentals, to check they still hold.
  [
    'injection SQL dans les chemins et la recherche',
    async (c) => {
      for (const url of [
        "/api/hydro/lieu/1'%20OR%20'1'='1",
        '/api/hydro/entite/1;drop%20table%20lieu',
        "/api/activites/type-1'--/lieu-1",
        "/api/hydro/lieu/1/d/2022-01-31'/7",
      ]) {
        const res = await c.send('GET', url);
        if (res.status !== 400 && res.status !== 404) return `${url} : ${res.status}`;
      }
      return (await c.send('GET', '/api/hydro/index')).status === 200 ? null : 'index cassé';
    },
  ],
  [
    'IDOR : supprimer la publication d’un autre',
    async (c, s) => {
      const form = new FormData();
      form.append('lieu', String(s.places[1]));
      form.append('texte', 'à moi');
      const mine = await c.json<{ id: number }>('POST', '/api/user/new-publication', {
        token: s.a.token,
        body: form,
      });
      const del = await c.send('DELETE', `/api/user/publication/${mine.body.id}`, { token: s.b.token });
      return del.status === 403 ? null : `suppression par un autre : ${del.status}`;
    },
  ],
  [
    'IDOR : modifier la règle d’alerte d’un autre',
    async (c, s) => {
      await c.send('POST', '/api/user/crea-abonnement', { token: s.a.token, json: { lieu: s.places[2] } });
      const regles = await c.json<{ regles: Array<{ id: number }> }>('GET', '/api/user/alertes', {
        token: s.a.token,
      });
      const id = regles.body.regles[0]?.id;
      if (!id) return null;
      const res = await c.send('PATCH', `/api/user/alertes/regles/${id}`, {
        token: s.b.token,
        json: { actif: false },
      });
      return res.status === 404 || res.status === 403 ? null : `règle d’un autre modifiée : ${res.status}`;
    },
  ],
  [
    'JWT sans signature (alg none), signé d’une autre clé, sujet modifié',
    async (c, s) => {
      const [, payload, sig] = s.a.token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const forged = [
        `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
        `${b64url({ alg: 'HS256', typ: 'JWT' })}.${payload}.${crypto
          .createHmac('sha256', 'autre-cle')
          .update(`${b64url({ alg: 'HS256', typ: 'JWT' })}.${payload}`)
          .digest('base64url')}`,
        `${s.a.token.split('.')[0]}.${b64url({ ...claims, sub: String(s.b.id) })}.${sig}`,
      ];
      for (const t of forged) {
        const res = await c.send('GET', '/api/auth/rest/user/', { token: t });
        if (res.status !== 401) return `jeton forgé accepté (${res.status})`;
      }
      return null;
    },
  ],
  [
    'jeton réutilisé après la déconnexion',
    async (c) => {
      const u = await c.account('Sortie');
      await c.send('POST', '/api/auth/rest/logout/', { token: u.token });
      return (await c.send('GET', '/api/auth/rest/user/', { token: u.token })).status === 401
        ? null
        : 'jeton encore valide';
    },
  ],
  [
    'CSRF : en-tête absent, différent du cookie, valeur forgée',
    async (c) => {
      const body = { email: 'x@exemple.fr', message: 'Bonjour' };
      const tries: Array<Record<string, string>> = [
        {},
        { 'x-csrftoken': 'autre', cookie: `csrftoken=${await c.token()}` },
        { 'x-csrftoken': 'a.b', cookie: 'csrftoken=a.b' },
      ];
      for (const headers of tries) {
        const res = await c.send('POST', '/api/contact', { json: body, headers, csrf: false });
        if (res.status !== 403) return `requête acceptée sans jeton valide (${res.status})`;
      }
      return null;
    },
  ],
  [
    'traversée de chemin dans /api/uploads et les fichiers statiques',
    async (c) => {
      for (const url of [
        '/api/uploads/avatars/..%2F..%2F..%2Fetc%2Fpasswd',
        '/api/uploads/..%2Fsecret/x.webp',
        '/api/uploads/secrets/jwt-secret',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/assets/..%2F..%2F..%2Fpackage.json',
        '/.env',
        '/limni.db',
      ]) {
        const res = await c.send('GET', url);
        const text = await res.text();
        if (res.status === 200 && !/^<!doctype html>/i.test(text)) return `${url} servi`;
        if (/root:x:0|"workspaces"|JWT_SECRET|SQLite format/.test(text)) return `${url} : contenu privé`;
      }
      return null;
    },
  ],
  [
    'fichiers piégés : SVG avec script, HTML déguisé en JPEG',
    async (c, s) => {
      const svg = new FormData();
      svg.append(
        'avatar',
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], { type: 'image/svg+xml' }),
        'a.svg',
      );
      if ((await c.send('PUT', '/api/user/avatar', { token: s.a.token, body: svg })).status !== 400) {
        return 'SVG accepté';
      }
      const html = new FormData();
      html.append('lieu', String(s.places[0]));
      html.append(
        'photo',
        new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/jpeg' }),
        'x.jpg',
      );
      return (await c.send('POST', '/api/user/new-publication', { token: s.a.token, body: html })).status ===
        400
        ? null
        : 'HTML accepté comme photo';
    },
  ],
  [
    'corps énorme, JSON cassé, pollution de prototype',
    async (c, s) => {
      const huge = await c.send('POST', '/api/auth/rest/login/', {
        json: { username: 'x'.repeat(2_000_000) },
      });
      if (huge.status !== 413) return `2 Mo de JSON : ${huge.status}`;
      const broken = await c.json<{ error?: { message: string } }>('POST', '/api/auth/rest/login/', {
        body: '{"username": ',
        headers: { 'content-type': 'application/json' },
      });
      if (broken.status !== 400 || /Unexpected|at JSON|stack/.test(JSON.stringify(broken.body))) {
        return 'JSON cassé';
      }
      await c.send('POST', '/api/user/profile', {
        token: s.a.token,
        body: '{"__proto__": {"pollue": true}, "constructor": {"prototype": {"pollue": true}}}',
        headers: { 'content-type': 'application/json' },
      });
      const after = await c.json<Record<string, unknown>>('GET', '/api/health');
      return 'pollue' in (after.body as object) || ({} as Record<string, unknown>).pollue
        ? 'prototype pollué'
        : null;
    },
  ],
  [
    'énumération des comptes par la connexion et la réinitialisation',
    async (c, s) => {
      const unknown = await c.json('POST', '/api/auth/rest/login/', {
        json: { username: 'personne-ici', password: 'x' },
      });
      const wrong = await c.json('POST', '/api/auth/rest/login/', {
        json: { username: s.b.name, password: 'faux-mot' },
      });
      if (unknown.status !== wrong.status || JSON.stringify(unknown.body) !== JSON.stringify(wrong.body)) {
        return 'connexion : réponses différentes';
      }
      const r1 = await c.json('POST', '/api/auth/rest/password/reset/', {
        json: { email: 'personne@exemple.fr' },
      });
      const r2 = await c.json('POST', '/api/auth/rest/password/reset/', {
        json: { email: `${s.b.name.toLowerCase()}@exemple.fr` },
      });
      return JSON.stringify(r1) === JSON.stringify(r2) ? null : 'réinitialisation : réponses différentes';
    },
  ],
  [
    'en-tête Host piégé dans le lien de réinitialisation',
    async (c, s) => {
      const email = `${s.b.name.toLowerCase()}@exemple.fr`;
      const before = c.mails(email).length;
      await c.send('POST', '/api/auth/rest/password/reset/', {
        json: { email },
        headers: { host: 'attaquant.example', 'x-forwarded-host': 'attaquant.example' },
      });
      for (let i = 0; i < 50 && c.mails(email).length === before; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      return c.mails(email).some((m) => m.includes('attaquant.example'))
        ? 'lien vers l’hôte de l’attaquant'
        : null;
    },
  ],
  [
    'script dans un texte publié : rendu en JSON, jamais en HTML',
    async (c, s) => {
      const form = new FormData();
      form.append('lieu', String(s.places[3]));
      form.append('texte', '<script>alert(document.cookie)</script>');
      const res = await c.send('POST', '/api/user/new-publication', { token: s.b.token, body: form });
      return /application\/json/.test(res.headers.get('content-type') ?? '') ? null : 'réponse non JSON';
    },
  ],
  [
    'surcharge de méthode et lien d’arrêt forgé',
    async (c) => {
      const over = await c.send('POST', '/api/user/delete', { headers: { 'x-http-method-override': 'GET' } });
      if (over.status !== 401) return `X-HTTP-Method-Override : ${over.status}`;
      const stop = await c.send('GET', '/api/user/alertes/stop/forge.forge');
      return stop.status === 404 ? null : `lien d’arrêt forgé : ${stop.status}`;
    },
  ],
];

export async function runAttacks(t: AttackTarget): Promise<AttackResult> {
  assertLoopback(t.base);
  const c = new Client(t);
  const terms = await c.json<{ lieux: Array<{ id: number }> }>('GET', '/api/hydro/recherche-terms');
  const shared: Shared = {
    places: terms.body.lieux.map((l) => l.id),
    a: await c.account('Alice'),
    b: await c.account('Bruno'),
  };
  // The registrations of D3 spend the per-address limit: accounts are made before it.
  const order = [...ATTACKS].sort(([a], [b]) => Number(a.startsWith('D3')) - Number(b.startsWith('D3')));
  const result: AttackResult = { ran: [], findings: [] };
  for (const [name, attack] of order) {
    result.ran.push(name);
    let finding: string | null;
    try {
      finding = await attack(c, shared);
    } catch (err) {
      finding = `l’attaque n’a pas pu se dérouler : ${err instanceof Error ? err.message : String(err)}`;
    }
    if (finding) result.findings.push({ attack: name, finding });
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8080';
  const dataDir = process.argv.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length);
  if (!dataDir) {
    process.stderr.write(
      'Usage : npx tsx apps/api/test/attacks.ts http://127.0.0.1:<port> --data-dir=<DATA_DIR>\n',
    );
    process.exit(2);
  }
  const r = await runAttacks({ base, dataDir });
  for (const name of r.ran) {
    const f = r.findings.find((x) => x.attack === name);
    process.stdout.write(`${f ? '✗' : '✓'} ${name}${f ? ` — ${f.finding}` : ''}\n`);
  }
  process.stdout.write(`${r.ran.length} attaques, ${r.findings.length} trouvaille(s).\n`);
  process.exit(r.findings.length ? 1 : 0);
}
