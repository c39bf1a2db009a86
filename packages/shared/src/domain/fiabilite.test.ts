import { describe, expect, it } from 'vitest';
import { fiabilite } from './fiabilite';

const H = 3_600_000;
const run = (run_ts: number, values: Array<[number, number, number]>) => ({
  run_ts,
  points: values.map(([min, valeur, max], i) => ({ ts: run_ts + (i + 1) * H, valeur, min, max })),
});

describe('how good past forecasts were', () => {
  // One run at 0 h: 1 h ahead 10 (band 8–12), 2 h ahead 20 (15–25), 7 h ahead 30 (25–35).
  const r = run(0, [
    [8, 10, 12],
    [15, 20, 25],
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
    [25, 30, 35],
  ]);
  const observed = new Map([
    [1 * H, 11], // inside, forecast 1 too low
    [2 * H, 26], // outside, forecast 6 too low
    [7 * H, 27], // inside, forecast 3 too high
  ]);

  it('compares each observed hour with the forecast of that hour', () => {
    const f = fiabilite([r], observed, 10 * H);
    expect(f).toMatchObject({ previsions: 1, comparees: 3, dans_fourchette: 2, avec_fourchette: 3 });
    expect(f.biais).toBeCloseTo((-1 - 6 + 3) / 3, 12);
    expect(f.erreur_mediane_abs).toBe(3);
    expect(f.classes[0]).toMatchObject({ apres_h: 0, jusqu_a_h: 6, comparees: 2, dans_fourchette: 1 });
    expect(f.classes[1]).toMatchObject({ apres_h: 6, jusqu_a_h: 12, comparees: 1, biais: 3 });
    expect(f.classes.at(-1)).toMatchObject({ apres_h: 48, jusqu_a_h: null, comparees: 0, biais: null });
  });

  it('knows only what was known at the instant: no later hour, no later run', () => {
    expect(fiabilite([r], observed, 2 * H)).toMatchObject({ comparees: 2 });
    expect(fiabilite([run(5 * H, [[0, 1, 2]])], new Map([[6 * H, 1]]), 4 * H)).toMatchObject({
      previsions: 0,
      comparees: 0,
      erreur_mediane_abs: null,
      biais: null,
    });
  });

  it('counts a point without a band in the errors only', () => {
    const f = fiabilite(
      [{ run_ts: 0, points: [{ ts: H, valeur: 5, min: null, max: null }] }],
      new Map([[H, 4]]),
      H,
    );
    expect(f).toMatchObject({ comparees: 1, avec_fourchette: 0, dans_fourchette: 0, biais: 1 });
  });
});
