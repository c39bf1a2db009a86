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
      donnees: { debut: health.donnees.debut, fin: health.donnees.fin },
      episodes: [{ code: 'loire-2024-12', libelle: 'Crue', debut: 1, fin: 2 }],
    });
    expect(clockDataOf({ ...health, episodes: undefined })?.episodes).toEqual([]);
    expect(clockDataOf({ ...health, ingestion: { mode: 'live', jobs: [] } })?.live).toBe(true);
  });

  it.each([
    ['nothing', undefined],
    ['not an object', 'ok'],
    ['no period', { ...health, donnees: undefined }],
    ['a period that is not a time', { ...health, donnees: { debut: 'hier', fin: null } }],
    ['an unknown mode', { ...health, ingestion: { mode: 'demo' } }],
    ['a malformed episode', { ...health, episodes: [{ code: 1 }] }],
  ])('refuses %s', (_what, value) => expect(clockDataOf(value)).toBeUndefined());
});
