import { describe, expect, it } from 'vitest';
import {
  describeRegle,
  ETAT_INITIAL,
  evaluatePrevision,
  evaluateObservations,
  hysteresis,
  parseNotificationPrefs,
  vigilanceNotifiable,
  type EtatRegle,
  type Observation,
  type RegleObservation,
  type ResultatEvaluation,
} from './alertes';
import { HOUR_MS, MINUTE_MS } from './time';

const t0 = Date.parse('2022-01-10T00:00:00Z');
/** Observations every `stepMin` minutes from t0 (+ offset in steps). */
const series = (values: readonly number[], stepMin = 15, from = 0): Observation[] =>
  values.map((valeur, i) => ({ ts: t0 + (from + i) * stepMin * MINUTE_MS, valeur }));
const lastTs = (l: readonly Observation[]) => (l[l.length - 1] as Observation).ts;

const above3: RegleObservation = { type: 'au_dessus', grandeur: 'H', seuil: 3, seuil2: null };
const below1: RegleObservation = { type: 'en_dessous', grandeur: 'H', seuil: 1, seuil2: null };
const rise5cm: RegleObservation = { type: 'montee', grandeur: 'H', seuil: 0.05, seuil2: null };
const range: RegleObservation = { type: 'retour_plage', grandeur: 'H', seuil: 0.71, seuil2: 1.72 };

/** Streams the observations as live ingestion would: each one evaluated when it arrives (then fresh). */
function run(
  regle: RegleObservation,
  values: readonly number[],
  stepMin = 15,
  etat: EtatRegle = ETAT_INITIAL,
) {
  const observations = series(values, stepMin);
  const out: ResultatEvaluation = { etat, declenchements: [], ignores: [] };
  for (let i = 0; i < observations.length; i++) {
    const r = evaluateObservations(regle, out.etat, observations.slice(0, i + 1), {
      maintenant: (observations[i] as Observation).ts,
      pasMin: stepMin,
    });
    out.etat = r.etat;
    out.declenchements.push(...r.declenchements);
    out.ignores.push(...r.ignores);
  }
  return out;
}
const firedAt = (r: ReturnType<typeof run>) => r.declenchements.map((d) => (d.ts - t0) / (15 * MINUTE_MS));

describe('evaluateObservations: thresholds up and down, hysteresis, hourly limit', () => {
  it.each([
    // [label, rule, values every 15 min, indices of the observations notified]
    ['a rise through 3.00 m fires once', above3, [2.5, 2.8, 2.95, 3.01, 3.2, 3.5, 3.4], [3]],
    ['exactly at the threshold is not above it', above3, [2.9, 3.0, 3.0, 2.9], []],
    [
      'oscillating within the 5 cm band fires once',
      above3,
      [2.9, 3.01, 2.98, 3.02, 2.97, 3.01, 2.99, 3.03, 2.96, 3.02, 2.99, 3.01],
      [1],
    ],
    [
      'back below the band within the hour: the second crossing is held back',
      above3,
      [2.9, 3.05, 2.9, 3.05, 3.1],
      [1],
    ],
    [
      'back below the band and up again after more than an hour: two crossings',
      above3,
      [2.9, 3.05, 2.9, 2.9, 2.9, 2.9, 3.05, 3.1],
      [1, 6],
    ],
    ['the first observation only sets the side (already above: nothing)', above3, [3.5, 3.6, 3.4], []],
    ['already above, then down and up again: one crossing', above3, [3.5, 2.9, 2.9, 2.9, 2.9, 3.1], [5]],
    ['a fall under 1.00 m fires once', below1, [1.2, 1.1, 1.02, 0.99, 0.97, 1.03, 0.98], [3]],
    ['a fall that stays above 1.00 m: nothing', below1, [1.2, 1.1, 1.0, 1.05], []],
    [
      'back inside [0.71, 1.72] after being out beyond the band',
      range,
      [1.5, 1.7, 1.8, 2.4, 1.9, 1.76, 1.71, 1.6],
      [6],
    ],
    ['out only within the band (1.74 m): not a return', range, [1.6, 1.74, 1.7, 1.6], []],
  ] as const)('%s', (_label, regle, values, expected) => {
    const r = run(regle, values);
    expect(firedAt(r)).toEqual(expected);
  });

  it('says which crossing the hourly limit held back', () => {
    const r = run(above3, [2.9, 3.05, 2.9, 3.05, 3.1]);
    expect(r.ignores).toEqual([{ ts: t0 + 3 * 15 * MINUTE_MS, raison: 'limite_horaire' }]);
  });

  it('keeps the notified observation, the time the condition started and the side', () => {
    const r = run(above3, [2.5, 3.01, 3.2]);
    expect(r.declenchements).toEqual([
      { ts: t0 + 15 * MINUTE_MS, valeur: 3.01, variationH: null, depuis: t0 + 15 * MINUTE_MS },
    ]);
    expect(r.etat).toMatchObject({
      cote: 'alerte',
      dernierTs: t0 + 30 * MINUTE_MS,
      derniereNotif: t0 + 15 * MINUTE_MS,
    });
  });

  it('uses a hysteresis of 5 cm for levels and 5 % of the threshold for flows', () => {
    expect(hysteresis(above3)).toBe(0.05);
    expect(hysteresis({ type: 'au_dessus', grandeur: 'Q', seuil: 400 })).toBeCloseTo(20);
    expect(hysteresis(rise5cm)).toBeCloseTo(0.0125);
  });
});

describe('evaluateObservations: state carried between runs (restarts, replays)', () => {
  it('never evaluates a observation twice: the same observations again notify nothing', () => {
    const observations = series([2.5, 2.8, 3.1, 3.3]);
    const ctx = { maintenant: lastTs(observations), pasMin: 15 };
    const first = evaluateObservations(above3, ETAT_INITIAL, observations, ctx);
    expect(first.declenchements).toHaveLength(1);
    const again = evaluateObservations(above3, first.etat, observations, ctx);
    expect(again.declenchements).toEqual([]);
    expect(again.etat).toEqual(first.etat);
  });

  it('gives the same notifications whether the observations come in one run or observation by observation', () => {
    const observations = series([2.5, 2.9, 3.1, 3.2, 2.8, 2.8, 2.8, 2.8, 2.8, 3.2, 3.3]);
    const whole = evaluateObservations(above3, ETAT_INITIAL, observations, {
      maintenant: lastTs(observations),
      pasMin: 15,
    });
    let etat = ETAT_INITIAL;
    const oneByOne: number[] = [];
    for (let i = 0; i < observations.length; i++) {
      const r = evaluateObservations(above3, etat, observations.slice(0, i + 1), {
        maintenant: (observations[i] as Observation).ts,
        pasMin: 15,
      });
      etat = r.etat;
      oneByOne.push(...r.declenchements.map((d) => d.ts));
    }
    expect(oneByOne).toEqual(whole.declenchements.map((d) => d.ts));
    expect(oneByOne).toHaveLength(2);
  });
});

describe('evaluateObservations: freshness (ADR 009) and gaps', () => {
  it('does not notify a crossing on a observation that is no longer fresh', () => {
    const observations = series([2.5, 3.1, 2.5]);
    // Evaluated 5 hours after the observations (a late batch): 15-min sensor → stale after 2 h.
    const r = evaluateObservations(above3, ETAT_INITIAL, observations, {
      maintenant: lastTs(observations) + 5 * HOUR_MS,
      pasMin: 15,
    });
    expect(r.declenchements).toEqual([]);
    expect(r.ignores).toEqual([{ ts: t0 + 15 * MINUTE_MS, raison: 'pas_frais' }]);
  });

  it('notifies on the first fresh observation of an episode whose crossing arrived late', () => {
    const old = series([2.5, 3.1, 3.2]);
    const fresh = series([3.3, 3.4], 15, 20);
    const now = lastTs(fresh);
    const r = evaluateObservations(above3, ETAT_INITIAL, [...old, ...fresh], { maintenant: now, pasMin: 15 });
    expect(r.declenchements).toEqual([
      { ts: t0 + 20 * 15 * MINUTE_MS, valeur: 3.3, variationH: null, depuis: t0 + 15 * MINUTE_MS },
    ]);
  });

  it('keeps a stale crossing pending until a fresh observation confirms it in a later run', () => {
    const old = series([2.5, 3.1]);
    const first = evaluateObservations(above3, ETAT_INITIAL, old, {
      maintenant: lastTs(old) + 3 * HOUR_MS,
      pasMin: 15,
    });
    expect(first.declenchements).toEqual([]);
    expect(first.etat.enAttente).toBe(true);
    const later = series([3.2], 15, 14);
    const second = evaluateObservations(above3, first.etat, [...old, ...later], {
      maintenant: lastTs(later),
      pasMin: 15,
    });
    expect(second.declenchements.map((d) => d.valeur)).toEqual([3.2]);
  });

  it('a pending crossing is dropped if the level goes back below the band first', () => {
    const observations = [...series([2.5, 3.1]), ...series([2.9, 2.5], 15, 20)];
    const r = evaluateObservations(above3, ETAT_INITIAL, observations, {
      maintenant: lastTs(observations),
      pasMin: 15,
    });
    expect(r.declenchements).toEqual([]);
    expect(r.etat).toMatchObject({ cote: 'normal', enAttente: false });
  });

  it('a threshold crossed during a gap in the data is a crossing (the level is above now)', () => {
    const observations = [...series([2.5, 2.6]), ...series([3.4, 3.5], 15, 30)]; // 7 h without observations
    const r = evaluateObservations(above3, ETAT_INITIAL, observations, {
      maintenant: lastTs(observations),
      pasMin: 15,
    });
    expect(r.declenchements.map((d) => d.valeur)).toEqual([3.4]);
  });
});

describe('evaluateObservations: rate of rise over the trend window (ADR 009)', () => {
  it.each([
    // 15-min observations; Z = 5 cm/h
    ['steady water', [1.0, 1.0, 1.01, 1.0, 1.0, 1.01], []],
    ['rising 2 cm/h', [1.0, 1.005, 1.01, 1.015, 1.02, 1.025, 1.03], []],
    // Rate of the window from its first observation: +5 cm in 45 min = 6.7 cm/h at the fourth observation.
    ['rising 20 cm/h after steady water', [1.0, 1.0, 1.0, 1.05, 1.1, 1.15, 1.2, 1.25], [3]],
    ['already rising fast when first seen: only sets the side', [1.0, 1.05, 1.1, 1.15, 1.2], []],
    [
      'rising fast, then slowing below the band, then rising fast again after more than an hour',
      [
        1.0, 1.0, 1.0, 1.05, 1.1, 1.15, 1.15, 1.15, 1.15, 1.15, 1.15, 1.15, 1.15, 1.15, 1.15, 1.15, 1.15,
        1.15, 1.15, 1.15, 1.15, 1.15, 1.15, 1.3, 1.45,
      ],
      // The 3-hour window forgets the first rise at index 15 (3.3 cm/h, below the band); 1.45 m is +30 cm in 3 h.
      [3, 24],
    ],
  ] as const)('%s', (_label, values, expected) => {
    expect(firedAt(run(rise5cm, values))).toEqual(expected);
  });

  it('gives the rate per hour of the notified observation', () => {
    const r = run(rise5cm, [1.0, 1.0, 1.0, 1.05, 1.1]);
    // Window of the notified observation: 1.0 at t0 → 1.05 45 minutes later.
    expect(r.declenchements[0]?.valeur).toBe(1.05);
    expect(r.declenchements[0]?.variationH).toBeCloseTo(0.05 / 0.75, 6);
  });

  it('computes no rate across a gap longer than the freshness limit', () => {
    const observations = [...series([1.0, 1.0, 1.0]), ...series([1.5, 1.5], 60, 5)]; // 2 h 30 without observations, hourly after
    const r = evaluateObservations(rise5cm, ETAT_INITIAL, observations, {
      maintenant: lastTs(observations),
      pasMin: 15,
    });
    expect(r.declenchements).toEqual([]);
  });

  it('computes no rate from a window shorter than 15 minutes', () => {
    const r = run(rise5cm, [1.0, 1.5], 5);
    expect(r.declenchements).toEqual([]);
  });
});

describe('evaluatePrevision: forecast crossing X within N hours', () => {
  const regle = { type: 'prevision' as const, grandeur: 'H' as const, seuil: 3, horizonH: 24 };
  const now = t0;
  const points = (values: readonly number[], fromH = 1) =>
    values.map((valeur, i) => ({ ts: now + (fromH + i) * HOUR_MS, valeur }));
  const observed = { ts: now, valeur: 2.2 };

  it('fires when a point within the horizon exceeds the threshold, with the predicted instant', () => {
    const r = evaluatePrevision(
      regle,
      ETAT_INITIAL,
      { runTs: now, points: points([2.5, 2.9, 3.2, 3.4]) },
      observed,
      {
        maintenant: now,
      },
    );
    expect(r.declenchements).toEqual([{ ts: now + 3 * HOUR_MS, valeur: 3.2, variationH: null, depuis: now }]);
  });

  it.each([
    ['beyond the horizon', { runTs: now, points: points([2.5, 3.5], 30) }, observed, now],
    ['never above the threshold', { runTs: now, points: points([2.5, 2.9, 3.0]) }, observed, now],
    [
      'already above now (not a crossing ahead)',
      { runTs: now, points: points([3.4, 3.5]) },
      { ts: now, valeur: 3.2 },
      now,
    ],
    ['a run older than 12 hours', { runTs: now - 13 * HOUR_MS, points: points([3.5]) }, observed, now],
  ] as const)('does not fire: %s', (_label, runPrev, obs, maintenant) => {
    expect(evaluatePrevision(regle, ETAT_INITIAL, runPrev, obs, { maintenant }).declenchements).toEqual([]);
  });

  it('fires once per episode: later runs that still cross are quiet until one no longer comes near', () => {
    let etat = ETAT_INITIAL;
    const fired: number[] = [];
    const runs: Array<[number, number[]]> = [
      [0, [2.5, 3.2]],
      [3, [2.6, 3.3]],
      [6, [2.5, 2.96]], // within the band: still the same episode
      [9, [2.4, 2.5]], // back to normal
      [12, [2.6, 3.1]], // a new crossing
    ];
    for (const [h, values] of runs) {
      const runTs = now + h * HOUR_MS;
      const r = evaluatePrevision(
        regle,
        etat,
        { runTs, points: values.map((valeur, i) => ({ ts: runTs + (i + 1) * HOUR_MS, valeur })) },
        observed,
        { maintenant: runTs },
      );
      etat = r.etat;
      fired.push(...r.declenchements.map(() => h));
    }
    expect(fired).toEqual([0, 12]);
  });

  it('ignores a run it has already evaluated', () => {
    const runPrev = { runTs: now, points: points([3.5]) };
    const first = evaluatePrevision(regle, ETAT_INITIAL, runPrev, observed, { maintenant: now });
    const again = evaluatePrevision(regle, { ...first.etat, cote: 'normal' }, runPrev, observed, {
      maintenant: now,
    });
    expect(again.declenchements).toEqual([]);
  });
});

describe('vigilanceNotifiable', () => {
  it.each([
    [1, 2, true],
    [2, 3, true],
    [3, 4, true],
    [4, 3, true],
    [3, 2, true],
    [2, 1, true],
    [4, 1, true],
    [null, 2, true],
    [null, 1, false],
  ] as const)('%s → %s: %s', (from, to, expected) => {
    expect(vigilanceNotifiable(from, to)).toBe(expected);
  });
});

describe('describeRegle', () => {
  it.each([
    [
      { type: 'au_dessus', grandeur: 'H', seuil: 3, seuil2: null, horizonH: null },
      'Hauteur au-dessus de 3,00 m',
    ],
    [
      { type: 'en_dessous', grandeur: 'Q', seuil: 45.5, seuil2: null, horizonH: null },
      'Débit sous 45,5 m³/s',
    ],
    [
      { type: 'montee', grandeur: 'H', seuil: 0.1, seuil2: null, horizonH: null },
      'Montée de plus de 10 cm/h',
    ],
    [
      { type: 'retour_plage', grandeur: 'H', seuil: 0.71, seuil2: 1.72, horizonH: null },
      'Hauteur de retour entre 0,71 m et 1,72 m',
    ],
    [
      { type: 'prevision', grandeur: 'H', seuil: 3, seuil2: null, horizonH: 24 },
      'Prévision\u00a0: hauteur au-dessus de 3,00 m dans les 24 h',
    ],
    [
      { type: 'vigilance', grandeur: null, seuil: null, seuil2: null, horizonH: null },
      'Vigilance crues du tronçon\u00a0: passage au jaune, à l’orange, au rouge et retour au vert',
    ],
  ] as const)('%j → %s', (regle, expected) => {
    expect(describeRegle(regle)).toBe(expected);
  });

  // US English: one wording for the rule line everywhere (the « Alert me » dialog, the alerts page and the
  // alert e-mail), numbers written as en-US writes them.
  const us = (v: number, decimals: number) =>
    new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(v);
  it.each([
    [
      { type: 'au_dessus', grandeur: 'H', seuil: 3, seuil2: null, horizonH: null },
      `Water level above ${us(3, 2)} m`,
    ],
    [
      { type: 'en_dessous', grandeur: 'Q', seuil: 1234.4, seuil2: null, horizonH: null },
      `Flow below ${us(1234, 0)} m³/s`,
    ],
    [
      { type: 'montee', grandeur: 'Q', seuil: 2.5, seuil2: null, horizonH: null },
      `Flow increase of more than ${us(2.5, 2)} m³/s per hour`,
    ],
    [
      { type: 'montee', grandeur: 'H', seuil: 0.125, seuil2: null, horizonH: null },
      `Rise of more than ${us(12.5, 1)} cm/h`,
    ],
    [
      { type: 'retour_plage', grandeur: 'H', seuil: 0.71, seuil2: 1.72, horizonH: null },
      `Water level back between ${us(0.71, 2)} m and ${us(1.72, 2)} m`,
    ],
    [
      { type: 'prevision', grandeur: 'H', seuil: 3, seuil2: null, horizonH: 12 },
      `Forecast: water level above ${us(3, 2)} m within 12 h`,
    ],
  ] as const)('in English: %j → %s', (regle, expected) => {
    expect(describeRegle(regle, 'en')).toBe(expected);
  });

  it('in English, the vigilance rule speaks of flood vigilance (the word of the app) and its colours', () => {
    const line = describeRegle(
      { type: 'vigilance', grandeur: null, seuil: null, seuil2: null, horizonH: null },
      'en',
    );
    expect(line).toMatch(/^Flood vigilance\b/);
    for (const colour of ['yellow', 'orange', 'red', 'green']) expect(line).toContain(colour);
    expect(line).not.toMatch(/[àâçéèêëîïôûùœ«»]|\b(vigilance crues|tronçon|passage|au|et)\b/i);
  });
});

describe('parseNotificationPrefs', () => {
  it.each([
    [null, { email: true, push: true }],
    ['{}', { email: true, push: true }],
    ['{"email":false}', { email: false, push: true }],
    ['{"email":true,"push":false}', { email: true, push: false }],
    // Anything but a boolean keeps the channel on (as a new profile has it).
    ['{"email":0,"push":"non"}', { email: true, push: true }],
    ['pas du JSON', { email: true, push: true }],
  ])('reads %j as %j', (json, expected) => {
    expect(parseNotificationPrefs(json)).toEqual(expected);
  });
});
