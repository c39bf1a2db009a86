/**
 * `npm run bench -- climatology`: the day-of-year climatology (ADR 086) of 3,200 stations × 20 years of daily
 * values (synthetic, generated here: a seasonal curve with noise and floods, 7,305 days per station), then the
 * nightly update of one new day for every station.
 *
 * Build: `computeClimatology` for every station (P10–P90 of 366 calendar days over ±7 days, records, sorted day
 * values), the pure computation that the seed and `recomputeClimatology` run; median of 3 rounds; peak resident
 * memory. Nightly: one new day per station in the current, incomplete year leaves the reference period and the
 * bands unchanged (`referencePeriodChanged` is false), so the update is the records and the day count
 * (`withNewDays`); median of 5 rounds. Targets: build ≤ 60 s and ≤ 1 GB; nightly ≤ 5 s. The baseline of the
 * same run is a plain sort of every station's values (the least any percentile method must do).
 */
import {
  computeClimatology,
  MIN_DAYS_COMPLETE_YEAR,
  referencePeriodChanged,
  withNewDays,
  type Climatology,
  type DailyValue,
} from '../packages/shared/src/domain/climatologie';

export const BUILD_TARGET_S = 60;
export const NIGHTLY_TARGET_S = 5;
const STATIONS = Number(process.argv.find((a) => a.startsWith('--stations='))?.slice(11) ?? 3200);
const DAYS = 7305;

/** A deterministic pseudo-random generator (mulberry32), so every run measures the same data. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const day0 = Date.UTC(1999, 0, 1);
const dayOf = (k: number) => new Date(day0 + k * 86_400_000).toISOString().slice(0, 10);
const JOURS = Array.from({ length: DAYS }, (_, k) => dayOf(k));

function station(i: number): DailyValue[] {
  const r = rng(i + 1);
  const base = 1 + 50 * r();
  return JOURS.map((jour, k) => ({
    jour,
    valeur:
      base * (1 + 0.6 * Math.cos((2 * Math.PI * k) / 365.25)) * (0.7 + 0.6 * r()) +
      (r() < 0.003 ? base * 8 * r() : 0),
  }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function main(): void {
  // Each station's series is generated when it is needed and dropped after, as the server reads one sensor's
  // archive at a time: generation is timed apart and subtracted.
  const t0 = performance.now();
  for (let i = 0; i < STATIONS; i++) station(i);
  const generation = (performance.now() - t0) / 1000;
  console.log(`${STATIONS} stations × ${DAYS} jours générés en ${generation.toFixed(1)} s`);

  const sortTimes: number[] = [];
  for (let round = 0; round < 3; round++) {
    const s = performance.now();
    for (let i = 0; i < STATIONS; i++) Float64Array.from(station(i), (v) => v.valeur).sort();
    sortTimes.push((performance.now() - s) / 1000 - generation);
  }

  let peakRss = process.memoryUsage().rss;
  const buildTimes: number[] = [];
  let clims: Climatology[] = [];
  for (let round = 0; round < 3; round++) {
    const s = performance.now();
    clims = [];
    for (let i = 0; i < STATIONS; i++) {
      clims.push(computeClimatology(station(i)));
      if (i % 100 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    buildTimes.push((performance.now() - s) / 1000 - generation);
  }

  const nextDay = dayOf(DAYS);
  // Days per year of each station, as the archive's `group by year` gives them (not timed).
  const yearCounts = Array.from({ length: STATIONS }, (_, i) => {
    const m = new Map<number, number>();
    for (const v of station(i)) {
      m.set(Number(v.jour.slice(0, 4)), (m.get(Number(v.jour.slice(0, 4))) ?? 0) + 1);
    }
    return m;
  });
  const nightlyTimes: number[] = [];
  let rebuilt = 0;
  for (let round = 0; round < 5; round++) {
    const s = performance.now();
    rebuilt = 0;
    clims.forEach((c, i) => {
      const added: DailyValue = { jour: nextDay, valeur: 10 + (i % 17) };
      const counts = new Map(yearCounts[i] as Map<number, number>);
      const y = Number(nextDay.slice(0, 4));
      counts.set(y, (counts.get(y) ?? 0) + 1);
      const years = [...counts]
        .filter(([, n]) => n >= MIN_DAYS_COMPLETE_YEAR)
        .map(([yr]) => yr)
        .sort((a, b) => a - b);
      if (referencePeriodChanged(c, years)) rebuilt++;
      else withNewDays(c, [added]);
    });
    nightlyTimes.push((performance.now() - s) / 1000);
  }

  const build = median(buildTimes);
  const nightly = median(nightlyTimes);
  const sort = median(sortTimes);
  console.log(
    JSON.stringify(
      {
        stations: STATIONS,
        build_s: Number(build.toFixed(2)),
        build_vs_plain_sort: Number((build / sort).toFixed(1)),
        plain_sort_s: Number(sort.toFixed(2)),
        peak_rss_mb: Math.round(peakRss / 1048576),
        nightly_s: Number(nightly.toFixed(3)),
        nightly_rebuilt: rebuilt,
        build_ok: build <= BUILD_TARGET_S && peakRss <= 1024 * 1048576,
        nightly_ok: nightly <= NIGHTLY_TARGET_S,
      },
      null,
      2,
    ),
  );
}

main();
