import { describe, expect, it } from 'vitest';
import { niveauEnVigueur, type NiveauPublie } from './vigilance';

const H = 3_600_000;
const t0 = Date.parse('2022-01-28T00:00:00Z');
const at = (h: number) => t0 + h * H;

describe('niveauEnVigueur', () => {
  it.each<[string, NiveauPublie[], number, number, { niveau: number; ts: number } | null]>([
    ['nothing published', [], at(0), at(24), null],
    ['published after the period', [{ niveau: 3, debut: at(30), fin: null }], at(0), at(24), null],
    [
      'current level published before the period holds until replaced',
      [{ niveau: 1, debut: at(-400), fin: null }],
      at(0),
      at(24),
      { niveau: 1, ts: at(-400) },
    ],
    [
      'an orange alert during the day counts even after it ended',
      [
        { niveau: 1, debut: at(-48), fin: null },
        { niveau: 3, debut: at(6), fin: at(12) },
      ],
      at(0),
      at(24),
      { niveau: 3, ts: at(6) },
    ],
    [
      'a closed alert that ended before the period does not count',
      [{ niveau: 4, debut: at(-30), fin: at(-2) }],
      at(0),
      at(24),
      null,
    ],
    [
      'an alert never closed is replaced by the next published level',
      [
        { niveau: 3, debut: at(-30), fin: null },
        { niveau: 1, debut: at(-10), fin: null },
      ],
      at(0),
      at(24),
      { niveau: 1, ts: at(-10) },
    ],
    [
      'an alert starting after the reference instant does not count yet',
      [
        { niveau: 2, debut: at(-5), fin: null },
        { niveau: 4, debut: at(20), fin: null },
      ],
      at(0),
      at(12),
      { niveau: 2, ts: at(-5) },
    ],
    [
      'the latest publication of the highest level is reported',
      [
        { niveau: 3, debut: at(2), fin: null },
        { niveau: 3, debut: at(8), fin: null },
        { niveau: 2, debut: at(14), fin: null },
      ],
      at(0),
      at(24),
      { niveau: 3, ts: at(8) },
    ],
  ])('%s', (_name, publies, from, to, expected) => {
    expect(niveauEnVigueur(publies, from, to)).toEqual(expected);
  });
});
