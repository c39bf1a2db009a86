import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { ContactResponse } from '@limni/shared/contracts/contact';
import { createTestApp, readOutbox, type TestContext } from '../../../test/helpers';
import { CONTACT } from './contact.messages';
import { CONTACT_MAX_PER_HOUR } from './contact.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const valid = {
  nom: 'Camille Martin',
  email: 'camille.martin@exemple.fr',
  sujet: 'Seuil de la Garonne à Toulouse',
  message: 'Bonjour,\n\nLe seuil bas de canoë me semble trop haut à Toulouse.\n\nMerci !',
};

let ipCounter = 0;
/** Each test writes from its own address, so that the per-IP limit of one test does not leak into another. */
const newIp = () => `10.0.0.${++ipCounter}`;

const post = (payload: unknown, remoteAddress = newIp(), c: TestContext = ctx) =>
  c.request({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

const storedCount = async (c: TestContext = ctx) =>
  Number(
    (
      await c.db.db
        .selectFrom('contact_message')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/contact', () => {
  it('stores the message, then mails it to CONTACT_TO with Reply-To the sender', async () => {
    const before = readOutbox(ctx.dataDir).length;
    const res = await post({ ...valid, nom: '  Camille Martin ', site_web: '' }, '10.1.2.3');
    expect(res.statusCode, res.body).toBe(200);
    expect(z.parse(ContactResponse, res.json())).toEqual({ envoye: true, message: CONTACT.merci.fr });
    expect(res.headers['cache-control']).toBe('no-store');

    const mails = readOutbox(ctx.dataDir);
    expect(mails.length).toBe(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail?.to).toBe('contact@limni.example');
    expect(mail?.subject).toBe('[Contact Limni] Seuil de la Garonne à Toulouse');
    expect(mail?.raw).toMatch(/^Reply-To: camille\.martin@exemple\.fr$/m);
    expect(mail?.raw).toContain('De : Camille Martin <camille.martin@exemple.fr>');
    expect(mail?.raw).toContain('Le seuil bas de canoë me semble trop haut à Toulouse.');

    const row = await ctx.db.db
      .selectFrom('contact_message')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...valid, ip: '10.1.2.3', error: null });
    expect(row.sent_at).toBeGreaterThanOrEqual(row.created_at);
    expect(mail?.raw).toContain(`Message n° ${row.id}`);
  });

  it('accepts a message of exactly 5,000 characters and refuses 5,001', async () => {
    expect((await post({ ...valid, message: 'a'.repeat(5000) })).statusCode).toBe(200);
    const before = await storedCount();
    const res = await post({ ...valid, message: 'a'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    const body = z.parse(ErrorBody, res.json());
    expect(body.error.code).toBe('validation');
    expect(body.error.fields?.message).toEqual(['Le message ne doit pas dépasser 5\u00a0000 caractères.']);
    expect(await storedCount()).toBe(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing name', { nom: undefined }, 'nom', 'Indiquez votre nom.'],
    ['a blank name', { nom: '   ' }, 'nom', 'Indiquez votre nom.'],
    ['a name on two lines', { nom: 'Camille\nMartin' }, 'nom', 'Le nom doit tenir sur une seule ligne.'],
    ['a missing e-mail', { email: undefined }, 'email', 'Indiquez votre adresse e-mail.'],
    [
      'an invalid e-mail',
      { email: 'camille@' },
      'email',
      "Cette adresse e-mail n'est pas valide (exemple : prenom.nom@exemple.fr).",
    ],
    ['an empty subject', { sujet: '' }, 'sujet', 'Indiquez le sujet de votre message.'],
    [
      'a subject with a line break',
      { sujet: 'a\r\nBcc: x@y.fr' },
      'sujet',
      'Le sujet doit tenir sur une seule ligne.',
    ],
    [
      'a subject too long',
      { sujet: 's'.repeat(151) },
      'sujet',
      'Le sujet ne doit pas dépasser 150 caractères.',
    ],
    ['an empty message', { message: ' \n ' }, 'message', 'Écrivez votre message.'],
    ['a message that is not text', { message: 42 }, 'message', 'Écrivez votre message.'],
  ])('refuses %s with a French field error, and stores nothing', async (_name, change, field, message) => {
    const before = await storedCount();
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    const body = z.parse(ErrorBody, res.json());
    expect(body.error.code).toBe('validation');
    expect(body.error.message).toMatch(/^Requête invalide \(contenu/);
    expect(body.error.fields?.[field]).toEqual([message]);
    expect(await storedCount()).toBe(before);
  });

  it('lists every field error at once', async () => {
    const res = await post({});
    const body = z.parse(ErrorBody, res.json());
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['email', 'message', 'nom', 'sujet']);
  });

  it('silently drops a robot that fills the honeypot: same answer, nothing stored, nothing sent', async () => {
    const before = await storedCount();
    const mails = readOutbox(ctx.dataDir).length;
    for (const payload of [
      { ...valid, site_web: 'https://spam.example' },
      { nom: 'x', email: 'not-an-email', site_web: 'https://spam.example' },
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(200);
      expect(z.parse(ContactResponse, res.json())).toEqual({ envoye: true, message: CONTACT.merci.fr });
    }
    expect(await storedCount()).toBe(before);
    expect(readOutbox(ctx.dataDir).length).toBe(mails);
  });

  it(`limits each address to ${CONTACT_MAX_PER_HOUR} messages an hour (429, French), invalid attempts not counted`, async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await post({ ...valid, email: 'x' }, ip)).statusCode).toBe(400);
    for (let i = 0; i < CONTACT_MAX_PER_HOUR; i++) {
      expect((await post({ ...valid, sujet: `Message ${i + 1}` }, ip)).statusCode).toBe(200);
    }
    const before = await storedCount();
    const res = await post(valid, ip);
    expect(res.statusCode).toBe(429);
    const body = z.parse(ErrorBody, res.json());
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(
      /^Vous avez déjà envoyé plusieurs messages\. Merci de réessayer dans (60|59) min\.$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await storedCount()).toBe(before);
    // Another address is not affected.
    expect((await post(valid)).statusCode).toBe(200);
  });

  it('refuses a post without the CSRF token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/contact when the mail cannot be sent', () => {
  let down: TestContext;
  beforeAll(async () => {
    // A real SMTP transport towards a port where nothing listens.
    down = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(async () => down.close());

  it('keeps the message with the error and tells the sender clearly', async () => {
    const res = await post(valid, newIp(), down);
    expect(res.statusCode).toBe(503);
    const body = z.parse(ErrorBody, res.json());
    expect(body.error).toEqual({
      code: 'upstream_unavailable',
      message:
        "Votre message est bien enregistré, mais sa transmission par e-mail à l'équipe a échoué. Nous le traiterons dès que possible : inutile de le renvoyer.",
    });
    const row = await down.db.db
      .selectFrom('contact_message')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...valid, sent_at: null });
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
