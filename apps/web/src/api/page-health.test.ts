import { describe, expect, it } from 'vitest';
import { clockDataOf } from './page-health';

/** The shape `/api/health` answers (packages/shared/src/contracts/health.ts), with the fields the banner reads. */
const health = {
  status: 'ok',
  version: '0.1.0',
  database: { ok: true, dialect: 'sqlite' },
  donnees: { debut: Date.parse('1975-01-01T12:00:00Z'), fin: Date.parse('2022-02-01T00:55:00Z'), jeu: 'x' },
  episodes: [{ code: 'loire-2024-12', libelle: 'Crue', source: 's', debut: 1, fin: 2 }],
  ingestion: { mode: 'off', jobs: [] },
  problemes: [],
};

describe('clockDataOf (the demo banner’s fields of the page’s health answer)', () => {
  it('keeps the period, the episodes and the mode', () => {
    expect(clockDataOf(health)).toEqual({
      live: false,
      mode: 'off',
      raison: null,
      prochainEssai: null,
      donnees: { debut: health.donnees.debut, fin: health.donnees.fin },
      episodes: [{ code: 'loire-2024-12', libelle: 'Crue', debut: 1, fin: 2 }],
    });
    expect(clockDataOf({ ...health, episodes: undefined })?.episodes).toEqual([]);
    expect(clockDataOf({ ...health, ingestion: { mode: 'live', jobs: [] } })?.live).toBe(true);
  });

  it('reads a demo (sources unreachable): not live, with its reason and its next probe', () => {
    const next = Date.parse('2026-03-12T13:32:00Z');
    const raison = "sources injoignables depuis ce serveur : Hub'Eau ne répond pas";
    const data = clockDataOf({
      ...health,
      ingestion: { mode: 'demo', raison, depuis: next - 60_000, prochainEssai: next, jobs: [] },
    });
    expect(data).toMatchObject({ live: false, mode: 'demo', raison, prochainEssai: next });
    // An older server sends neither field.
    expect(clockDataOf({ ...health, ingestion: { mode: 'demo', jobs: [] } })).toMatchObject({
      mode: 'demo',
      raison: null,
      prochainEssai: null,
    });
  });

  it.each([
    ['nothing', undefined],
    ['not an object', 'ok'],
    ['no period', { ...health, donnees: undefined }],
    ['a period that is not a time', { ...health, donnees: { debut: 'hier', fin: null } }],
    ['an unknown mode', { ...health, ingestion: { mode: 'pause' } }],
    ['a reason that is not a sentence', { ...health, ingestion: { mode: 'demo', raison: 3 } }],
    ['a next probe that is not a time', { ...health, ingestion: { mode: 'demo', prochainEssai: 'bientôt' } }],
    ['a malformed episode', { ...health, episodes: [{ code: 1 }] }],
  ])('refuses %s', (_what, value) => expect(clockDataOf(value)).toBeUndefined());
});
