/**
 * Every sentence the API can answer exists in both languages (docs/decisions/148): the catalogues of the features
 * (`*.messages.ts`) and of the HTTP layer, and the field messages of the shared contracts; and the API answers in the
 * language asked, with the same code.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { describeRegle } from '@limni/shared/domain/alertes';
import { addRegles, lieuOfStation, PONT_NEUF_CODE } from '../../test/alerts';
import { signedUpUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/helpers';
import * as http from './messages';
import type { Texte } from './texte';

const SRC = join(import.meta.dirname, '..');
const CATALOGUES = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) =>
  f.endsWith('.messages.ts'),
);

const isTexte = (v: unknown): v is Texte =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Texte).fr === 'string' &&
  typeof (v as Texte).en === 'string';

/** The constant sentences of a module's exported catalogues (objects of `Texte`, one level deep). */
function sentencesOf(module: Record<string, unknown>): Array<{ key: string; t: Texte }> {
  return Object.entries(module).flatMap(([name, value]) =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, t]) => (isTexte(t) ? [{ key: `${name}.${key}`, t }] : []))
      : [],
  );
}

describe('the catalogues', () => {
  it('finds every feature catalogue', () => {
    expect(CATALOGUES.length).toBeGreaterThanOrEqual(6);
  });

  it('each sentence is written in both languages, the English not a copy of the French', async () => {
    const modules = [http, ...(await Promise.all(CATALOGUES.map((f) => import(join(SRC, f)))))] as Array<
      Record<string, unknown>
    >;
    const sentences = modules.flatMap(sentencesOf);
    expect(sentences.length).toBeGreaterThan(60);
    for (const { key, t } of sentences) {
      expect(t.fr.trim().length, key).toBeGreaterThan(0);
      expect(t.en.trim().length, key).toBeGreaterThan(0);
      expect(t.en, key).not.toBe(t.fr);
      // English typography: no space before a colon, no French-only words left in.
      expect(t.en, key).not.toMatch(/\s:|\b(?:les?|vous|votre|une?|est|pas)\b/);
    }
  });
});

describe('an error answered in the asked language', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const errorOf = (res: { json: () => unknown }) => z.parse(ErrorBody, res.json()).error;

  it('an unknown place: English to an English request, French otherwise, same code', async () => {
    const ask = (lang: string) =>
      ctx.request({ url: '/api/hydro/lieu/987654', headers: { 'accept-language': lang } });
    const en = await ask('en-US,en;q=0.9');
    const fr = await ask('fr-FR');
    expect(en.statusCode).toBe(404);
    expect(fr.statusCode).toBe(404);
    expect(errorOf(en).code).toBe(errorOf(fr).code);
    expect(errorOf(fr).message).toBe("Aucun lieu ne porte l'identifiant 987654.");
    expect(errorOf(en).message).toBe('No place has the identifier 987654.');
  });

  it('a path the contract refuses: where, which key and the contract’s message, in each language', async () => {
    const ask = (lang: string) =>
      ctx.request({ url: '/api/hydro/lieu/abc', headers: { 'accept-language': lang } });
    const fr = errorOf(await ask('fr'));
    const en = errorOf(await ask('en'));
    expect(fr.message).toMatch(/^Requête invalide \(chemin : id\) : /);
    expect(en.message).toMatch(/^Invalid request \(path: id\): /);
    expect(en.fields?.id?.[0]).toBe(http.contractText(fr.fields?.id?.[0] ?? '').en);
  });

  it('a duplicate alert names the rule as the asked language describes it', async () => {
    const lieu = await lieuOfStation(ctx, PONT_NEUF_CODE);
    const { token } = await signedUpUser(ctx, 'Doublon');
    const regle = { type: 'au_dessus' as const, grandeur: 'H' as const, seuil: 1234.5 };
    await addRegles(ctx, token, lieu.lieu, [regle]);
    for (const langue of ['fr', 'en'] as const) {
      const res = await ctx.request({
        method: 'POST',
        url: `/api/user/alertes/lieu/${lieu.lieu}`,
        payload: { regles: [regle] },
        token,
        headers: { 'accept-language': langue },
      });
      expect(res.statusCode).toBe(409);
      const named = describeRegle({ ...regle, seuil2: null, horizonH: null }, langue);
      expect(errorOf(res).message).toContain(named);
      expect(errorOf(res).fields?.['regles.0.type']?.[0]).toContain(named);
    }
  });
});
