import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';
import { loadSecrets } from './secrets';

describe('loadEnv', () => {
  it('has working defaults (SQLite in ./data, port 8080, live when the sources answer)', () => {
    const env = loadEnv({}, '/srv/limni');
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/limni/data',
      INGEST: 'auto',
      isSqlite: true,
      PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'info',
    });
  });

  it("paces the long Hub'Eau reads at 60 requests a minute unless told otherwise (1–600)", () => {
    expect(loadEnv({}).HUBEAU_BACKFILL_PER_MINUTE).toBe(60);
    expect(loadEnv({ HUBEAU_BACKFILL_PER_MINUTE: '120' }).HUBEAU_BACKFILL_PER_MINUTE).toBe(120);
    for (const bad of ['0', '601', 'vite']) {
      expect(() => loadEnv({ HUBEAU_BACKFILL_PER_MINUTE: bad })).toThrow(/HUBEAU_BACKFILL_PER_MINUTE/);
    }
  });

  it('names the instance host:port:pid unless INSTANCE_ID says otherwise, and retries the leadership every 10 s', () => {
    const env = loadEnv({ PORT: '8081' });
    expect(env.INSTANCE_ID).toBe(`${os.hostname()}:8081:${process.pid}`);
    expect(env.INGEST_LEADER_RETRY_S).toBe(10);
    expect(loadEnv({ INSTANCE_ID: 'limni-b', INGEST_LEADER_RETRY_S: '3' })).toMatchObject({
      INSTANCE_ID: 'limni-b',
      INGEST_LEADER_RETRY_S: 3,
    });
    expect(() => loadEnv({ INSTANCE_ID: 'x'.repeat(64) })).toThrow(/INSTANCE_ID/);
    expect(() => loadEnv({ INGEST_LEADER_RETRY_S: '0' })).toThrow(/INGEST_LEADER_RETRY_S/);
  });

  it('treats empty values (a copied .env.example) as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', JWT_SECRET: '  ', PORT: '9123' }).isSqlite).toBe(true);
  });

  it('lists every problem at once', () => {
    try {
      loadEnv({ PORT: 'abc', INGEST: 'sometimes', DATABASE_URL: 'mysql://x', NODE_ENV: 'production' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const problems = (err as EnvError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/INGEST/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/JWT_SECRET est obligatoire en production/);
      // The legal notice cannot be left empty on a published site.
      for (const key of ['EDITEUR', 'DIRECTEUR_PUBLICATION', 'HEBERGEUR']) {
        expect(problems).toContain(`${key} : obligatoire en production (mentions légales)`);
      }
    }
  });

  it('runs in production once the secret and the legal notice are given', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      EDITEUR: 'Association Limni, 12 rue des Saules, 31000 Toulouse, RNA W313000000',
      DIRECTEUR_PUBLICATION: 'Camille Martin',
      HEBERGEUR: 'Hébergeur SAS, 1 rue du Port, 59100 Roubaix, 01 23 45 67 89 (serveurs en France)',
    });
    expect(env.DIRECTEUR_PUBLICATION).toBe('Camille Martin');
    // `/api/health` is public: an unnamed production instance does not tell its host, port or pid.
    expect(env.INSTANCE_ID).toMatch(/^instance-[0-9a-f]{8}$/);
    expect(env.INSTANCE_ID).not.toContain(os.hostname());
    expect(env.INSTANCE_ID).not.toContain(String(process.pid));
  });

  it('accepts PostgreSQL and a public URL without trailing slash', () => {
    const env = loadEnv({ DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://limni.fr/' });
    expect(env.isSqlite).toBe(false);
    expect(env.PUBLIC_URL).toBe('https://limni.fr');
  });

  it('accepts local push endpoints (a test push service) outside production only', () => {
    expect(loadEnv({}).PUSH_LOCAL_ENDPOINTS).toBe(false);
    expect(loadEnv({ PUSH_LOCAL_ENDPOINTS: '1' }).PUSH_LOCAL_ENDPOINTS).toBe(true);
    expect(() =>
      loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PUSH_LOCAL_ENDPOINTS: 'true' }),
    ).toThrow(/PUSH_LOCAL_ENDPOINTS : réservé aux tests, interdit en production/);
  });

  it('the committed .env.example works unchanged', () => {
    const file = path.join(import.meta.dirname, '../../../../.env.example');
    const vars = Object.fromEntries(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(() => loadEnv(vars)).not.toThrow();
  });
});

describe('loadSecrets', () => {
  it('generates the JWT secret once into DATA_DIR outside production and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-secret-'));
    const a = loadSecrets({ DATA_DIR: dir, NODE_ENV: 'development', JWT_SECRET: undefined });
    const b = loadSecrets({ DATA_DIR: dir, NODE_ENV: 'development', JWT_SECRET: undefined });
    expect(Buffer.from(a.jwtKey).equals(Buffer.from(b.jwtKey))).toBe(true);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to run in production without JWT_SECRET', () => {
    expect(() =>
      loadSecrets({ DATA_DIR: os.tmpdir(), NODE_ENV: 'production', JWT_SECRET: undefined }),
    ).toThrow(/JWT_SECRET/);
  });
});
