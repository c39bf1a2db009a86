/**
 * A local HTTP endpoint playing a browser's push service (RFC 8030) and the browser's side of a subscription:
 * its P-256 key pair and auth secret, to check the VAPID header (RFC 8292) and decrypt the aes128gcm message
 * (RFC 8188 / RFC 8291) exactly as a browser would.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

export interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface LocalPushService {
  origin: string;
  requests: PushRequest[];
  /** Status answered for a path (201 by default). */
  statusFor: Map<string, number>;
  close: () => Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const requests: PushRequest[] = [];
  const statusFor = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusFor.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    statusFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The browser's side of a subscription. */
export interface BrowserRegistration {
  ecdh: crypto.ECDH;
  authSecret: Buffer;
  /** `PushSubscription.toJSON()` for `endpoint`. */
  json: (endpoint: string) => {
    endpoint: string;
    expirationTime: null;
    keys: { p256dh: string; auth: string };
  };
}

export function browserRegistration(): BrowserRegistration {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    ecdh,
    authSecret,
    json: (endpoint) => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    }),
  };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm Web Push message with the subscription's private key and auth secret (RFC 8291 §3.4). */
export function decryptPush(body: Buffer, sub: BrowserRegistration): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLen = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLen);
  const ciphertext = body.subarray(21 + idLen);
  if (ciphertext.length > recordSize) throw new Error('Plus d’un enregistrement : non prévu');
  const shared = sub.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(hmac(sub.authSecret, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('Délimiteur de fin d’enregistrement absent');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>` (ES256 signature with the server's public key). */
export async function verifyVapid(
  authorization: string | undefined,
  publicKey: string,
): Promise<{ payload: JWTPayload; k: string }> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m?.[1] || !m[2]) throw new Error(`En-tête VAPID inattendu : ${authorization}`);
  const raw = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(m[1], key, { algorithms: ['ES256'] });
  return { payload, k: m[2] };
}
