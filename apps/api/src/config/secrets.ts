/**
 * Server secrets. JWT_SECRET comes from the environment; outside production, when it is unset, one is generated
 * once into `$DATA_DIR/jwt-secret` (mode 600) so tokens survive restarts. Other keys are derived from it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from './env';

export interface Secrets {
  /** HS256 key of the access tokens. */
  jwtKey: Uint8Array;
  /** HMAC key of the CSRF tokens. */
  csrfKey: Buffer;
  /** HMAC key of the one-click "stop this alert" links of e-mails (docs/decisions/058). */
  alertKey: Buffer;
}

function derive(master: string, purpose: string): Buffer {
  return crypto.createHmac('sha256', master).update(`limni:${purpose}`).digest();
}

export function loadSecrets(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR' | 'NODE_ENV'>): Secrets {
  let master = env.JWT_SECRET;
  if (!master) {
    if (env.NODE_ENV === 'production') throw new Error('JWT_SECRET est obligatoire en production');
    const file = path.join(env.DATA_DIR, 'jwt-secret');
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    if (!fs.existsSync(file)) {
      fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    }
    master = fs.readFileSync(file, 'utf8').trim();
  }
  return {
    jwtKey: new Uint8Array(derive(master, 'jwt')),
    csrfKey: derive(master, 'csrf'),
    alertKey: derive(master, 'alert-stop'),
  };
}
