/**
 * Account helpers for the browser specs: the mails the server wrote to `${E2E_DATA_DIR}/outbox/*.eml` (decoded),
 * the links they carry, unique accounts, and an account created and verified through the real API (for specs
 * whose subject is not registration itself).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { serverUnderTest } from './server';

/** Passes every rule (long, not common, unrelated to the test usernames). */
export const PASSWORD = 'Truite-Vague-42-Saumon';
export const NEW_PASSWORD = 'Heron-Cendre-17-Berge';

let counter = 0;
/** A username and address no other test uses. */
export function uniqueAccount(prefix: string): { username: string; email: string } {
  counter++;
  const username = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username, email: `${username}@exemple.fr` };
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes decoded. */
  body: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/gi, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
}

function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

export function readMails(): Mail[] {
  const dir = path.join(serverUnderTest().dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const header = (name: string) =>
        new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ??
        '';
      return {
        file,
        to: header('To'),
        subject: decodeHeader(header('Subject')),
        body: decodeQuotedPrintable(raw),
      };
    });
}

/** Waits for the newest mail to `to` whose subject matches (mails may leave after the answer). */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMails()
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject))
      .pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Aucun e-mail « ${subject.source} » pour ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Path (and query) of the first link of the mail whose path starts with `prefix`, to open on the test server. */
export function linkPath(mail: Mail, prefix: string): string {
  const url = (mail.body.match(/https?:\/\/[^\s"<>]+/g) ?? [])
    .map((u) => new URL(u))
    .find((u) => u.pathname.startsWith(prefix));
  if (!url) throw new Error(`Pas de lien ${prefix} dans « ${mail.subject} »`);
  return `${url.pathname}${url.search}`;
}

async function csrf(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/csrf');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { csrftoken: string }).csrftoken;
}

/** Registers and verifies an account through the API (the mailed key), ready to sign in. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  prefix: string,
  password = PASSWORD,
): Promise<{ username: string; email: string; password: string }> {
  const account = uniqueAccount(prefix);
  const headers = { 'x-csrftoken': await csrf(request) };
  const reg = await request.post('/api/registration/rest/', {
    headers,
    data: { ...account, password1: password, password2: password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const mail = await waitForMail(account.email, /Confirmez votre adresse/);
  const key = decodeURIComponent(linkPath(mail, '/user/register/').split('/').pop() ?? '');
  const verify = await request.post('/api/registration/rest/verify-email/', { headers, data: { key } });
  expect(verify.status(), await verify.text()).toBe(200);
  return { ...account, password };
}

/** Signs in through the login screen and waits for the profile. */
export async function signInThroughUi(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('Nom d’utilisateur ou adresse e-mail').fill(identifier);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  // The server's answer is checked first, so that a refusal (rate limit, CSRF…) names itself instead of a URL timeout.
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/auth/rest/login/') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Se connecter' }).click(),
  ]);
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page).toHaveURL(/\/user\/profil$/);
}

/** A real PNG image (a colour gradient), for avatar uploads. */
export function gradientPng(width = 96, height = 96): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([(x * 255) / width, (y * 255) / height, 140], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
