import { describe, expect, it } from 'vitest';
import { derniereUtilisable, estDouteuse, niveauQualification, niveauStatut } from './qualite';

describe('the quality of a value (docs/decisions/154)', () => {
  it('judges only qualification 12 doubtful; a missing qualification is not', () => {
    expect([12, 16, 20, null, undefined, 0].map(estDouteuse)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('names the Hub’Eau status and qualification codes of docs/sources.md § 1.7, null for unknown ones', () => {
    expect([0, 4, 8, 12, 16, 99, null].map(niveauStatut)).toEqual([
      'brute',
      'brute',
      'brute',
      'pre_validee',
      'validee',
      null,
      null,
    ]);
    expect([12, 16, 20, 4, null].map(niveauQualification)).toEqual([
      'douteuse',
      'non_qualifiee',
      'bonne',
      null,
      null,
    ]);
  });

  it('takes the latest non-doubtful value as the current one, with the doubtful ones after it', () => {
    const rows = [
      { ts: 1, qualification: 20 },
      { ts: 2, qualification: null },
      { ts: 3, qualification: 12 },
      { ts: 4, qualification: 12 },
    ];
    const { courante, douteusesApres } = derniereUtilisable(rows);
    expect(courante).toBe(rows[1]);
    expect(douteusesApres.map((r) => r.ts)).toEqual([4, 3]);
    expect(derniereUtilisable([{ ts: 1, qualification: 12 }]).courante).toBeNull();
    expect(derniereUtilisable([]).courante).toBeNull();
  });
});
