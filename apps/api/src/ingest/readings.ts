/**
 * Writing normalised readings (m, m³/s, epoch ms) into `observation`, idempotently: upsert on (capteur, ts),
 * only rows that are new or whose value/status changed are written, and the cached state of each sensor
 * (`derniere_valeur`, `dernier_ts`, `premier_ts`, `pas_min`) is kept right. Used by the live jobs, the bench, and
 * any replay tool (which can then emit the same `readings` event from the returned summary).
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { UNITE_PAR_GRANDEUR } from '@limni/shared/domain/units';
import { markSensorDataChanged } from '../data/series-cache';
import type { Database } from '../db/schema';
import { nativeStepMinutes } from '../seed/seed';
import type { SensorReadings } from './events';

/** A reading to store, in Limni's units (H in m, Q in m³/s), instant in epoch ms. */
export interface StoreReading {
  codeStation: string;
  grandeur: 'H' | 'Q';
  ts: number;
  valeur: number;
  statut: number | null;
  qualification: number | null;
}

interface PlaceSensors {
  lieuId: number;
  H?: number;
  Q?: number;
}

/**
 * The readings of one sensor in a batch. Pages come sorted by instant for each station (ascending or
 * descending): they are kept in arrival order; a map (instant → last reading) is built only when an instant
 * repeats or the order breaks.
 */
interface Group {
  id: number;
  code: string;
  grandeur: 'H' | 'Q';
  min: number;
  max: number;
  list: StoreReading[];
  /** +1 ascending, −1 descending, 0 unknown yet. */
  dir: number;
  byTs: Map<number, StoreReading> | null;
}

function addToGroup(g: Group, r: StoreReading): boolean {
  if (g.byTs) {
    const dup = g.byTs.has(r.ts);
    g.byTs.set(r.ts, r);
    return dup;
  }
  const prev = g.list[g.list.length - 1];
  const dir = prev === undefined ? 0 : Math.sign(r.ts - prev.ts);
  if (prev === undefined || (dir !== 0 && (g.dir === 0 || dir === g.dir))) {
    if (prev !== undefined) g.dir = dir;
    g.list.push(r);
    return false;
  }
  g.byTs = new Map(g.list.map((x) => [x.ts, x]));
  return addToGroup(g, r);
}

const groupReadings = (g: Group): Iterable<StoreReading> => g.byTs?.values() ?? g.list;

type ObservationRow = Database['observation'];

const LIBELLES: Record<'H' | 'Q', string> = { H: "Hauteur d'eau", Q: 'Débit' };
/**
 * Rows per INSERT statement (5 parameters each). Measured on SQLite: 100–200-row statements with the upsert
 * clause insert about 3 times faster than one row per statement, and faster than 1,000-row ones.
 */
const INSERT_CHUNK = 200;

export interface WriteOptions {
  /** `update` (default): a changed value replaces the stored one. `ignore`: stored readings always win. */
  onConflict?: 'update' | 'ignore';
}

export interface WriteResult {
  nouvelles: number;
  modifiees: number;
  inchangees: number;
  /** Readings of stations that no place knows. */
  inconnues: number;
  /** The same (station, grandeur, instant) more than once in the batch. */
  doublons: number;
  capteursCrees: number;
}

/** Per-sensor account of one run, merged over batches; becomes the `readings` event. */
export class ReadingsSummary {
  private readonly bySensor = new Map<number, SensorReadings>();

  add(s: SensorReadings): void {
    const cur = this.bySensor.get(s.capteurId);
    if (!cur) {
      this.bySensor.set(s.capteurId, { ...s });
      return;
    }
    cur.nouvelles += s.nouvelles;
    cur.modifiees += s.modifiees;
    cur.from = Math.min(cur.from, s.from);
    cur.to = Math.max(cur.to, s.to);
  }

  get sensors(): SensorReadings[] {
    return [...this.bySensor.values()].sort((a, b) => a.capteurId - b.capteurId);
  }
}

function upsert(db: Kysely<Database>, rows: ObservationRow[], mode: 'update' | 'ignore') {
  const q = db.insertInto('observation').values(rows);
  return mode === 'ignore'
    ? q.onConflict((oc) => oc.columns(['capteur_id', 'ts']).doNothing())
    : q.onConflict((oc) =>
        oc.columns(['capteur_id', 'ts']).doUpdateSet((eb) => ({
          valeur: eb.ref('excluded.valeur'),
          statut: eb.ref('excluded.statut'),
          qualification: eb.ref('excluded.qualification'),
        })),
      );
}

/**
 * Resolves station codes to places and sensors (loaded once), creates a missing sensor on its first reading
 * (typically the Q sensor of a place), and writes batches.
 */
export class ReadingStore {
  private places: Map<string, PlaceSensors> | null = null;
  private readonly ids = { H: new Map<string, number>(), Q: new Map<string, number>() };
  /** Sensors whose native step is known (no need to estimate it from new readings). */
  private readonly stepKnown = new Set<number>();
  /** The full-chunk INSERT, compiled once per mode (the statement text never changes, only its parameters). */
  private readonly templates = new Map<string, CompiledQuery>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly source: string,
    readonly summary = new ReadingsSummary(),
  ) {}

  private async load(): Promise<Map<string, PlaceSensors>> {
    if (this.places) return this.places;
    const rows = await this.db
      .selectFrom('lieu')
      .leftJoin('capteur', 'capteur.lieu_id', 'lieu.id')
      .select([
        'lieu.id as lieuId',
        'lieu.code_station',
        'capteur.id as capteurId',
        'capteur.grandeur',
        'capteur.pas_min',
      ])
      .where('lieu.code_station', 'is not', null)
      .execute();
    const map = new Map<string, PlaceSensors>();
    for (const r of rows) {
      const code = r.code_station as string;
      const p = map.get(code) ?? { lieuId: r.lieuId };
      if (r.capteurId !== null && (r.grandeur === 'H' || r.grandeur === 'Q')) {
        p[r.grandeur] = r.capteurId;
        this.ids[r.grandeur].set(code, r.capteurId);
        if (r.pas_min !== null) this.stepKnown.add(r.capteurId);
      }
      map.set(code, p);
    }
    this.places = map;
    return map;
  }

  /** Station codes of every place. */
  async knownStations(): Promise<Set<string>> {
    return new Set((await this.load()).keys());
  }

  private async sensorFor(code: string, grandeur: 'H' | 'Q', created: { n: number }): Promise<number | null> {
    const place = (await this.load()).get(code);
    if (!place) return null;
    const existing = place[grandeur];
    if (existing !== undefined) return existing;
    await this.db
      .insertInto('capteur')
      .values({
        lieu_id: place.lieuId,
        grandeur,
        unite: UNITE_PAR_GRANDEUR[grandeur],
        libelle: LIBELLES[grandeur],
        source: this.source,
        code_station: code,
        pas_min: null,
      })
      .onConflict((oc) => oc.columns(['lieu_id', 'grandeur']).doNothing())
      .execute();
    const row = await this.db
      .selectFrom('capteur')
      .select(['id', 'pas_min'])
      .where('lieu_id', '=', place.lieuId)
      .where('grandeur', '=', grandeur)
      .executeTakeFirstOrThrow();
    place[grandeur] = row.id;
    this.ids[grandeur].set(code, row.id);
    if (row.pas_min !== null) this.stepKnown.add(row.id);
    created.n++;
    return row.id;
  }

  private template(mode: 'update' | 'ignore'): CompiledQuery {
    let t = this.templates.get(mode);
    if (!t) {
      const dummy = Array.from({ length: INSERT_CHUNK }, () => ({
        capteur_id: 0,
        ts: 0,
        valeur: 0,
        statut: 0,
        qualification: 0,
      }));
      t = upsert(this.db, dummy, mode).compile();
      if (t.parameters.length !== INSERT_CHUNK * 5) throw new Error('gabarit INSERT inattendu');
      this.templates.set(mode, t);
    }
    return t;
  }

  /** Writes one batch in one transaction and returns what happened. */
  async write(batch: readonly StoreReading[], opts: WriteOptions = {}): Promise<WriteResult> {
    const mode = opts.onConflict ?? 'update';
    const result: WriteResult = {
      nouvelles: 0,
      modifiees: 0,
      inchangees: 0,
      inconnues: 0,
      doublons: 0,
      capteursCrees: 0,
    };
    const created = { n: 0 };
    const places = await this.load();
    // Group by sensor (batches come sorted by station: the previous group is the usual hit); last instant wins.
    const groups = new Map<number, Group>();
    let g: Group | undefined;
    let lastCode = '';
    let lastGrandeur = '';
    let id: number | undefined;
    for (const r of batch) {
      if (r.codeStation !== lastCode || r.grandeur !== lastGrandeur) {
        id = this.ids[r.grandeur].get(r.codeStation);
        if (id === undefined) {
          const found = places.has(r.codeStation)
            ? await this.sensorFor(r.codeStation, r.grandeur, created)
            : null;
          if (found === null) {
            result.inconnues++;
            continue;
          }
          id = found;
        }
        lastCode = r.codeStation;
        lastGrandeur = r.grandeur;
      }
      if (id === undefined) continue;
      if (g?.id !== id) {
        g = groups.get(id);
        if (!g) {
          g = {
            id,
            code: r.codeStation,
            grandeur: r.grandeur,
            min: r.ts,
            max: r.ts,
            list: [],
            dir: 0,
            byTs: null,
          };
          groups.set(id, g);
        }
      }
      if (addToGroup(g, r)) result.doublons++;
      if (r.ts < g.min) g.min = r.ts;
      if (r.ts > g.max) g.max = r.ts;
    }
    result.capteursCrees = created.n;
    if (groups.size === 0) return result;

    const pending: SensorReadings[] = [];
    await this.db.transaction().execute(async (trx) => {
      // What is already stored in the ranges received.
      const all = [...groups.values()];
      const existing = new Map<number, Map<number, ObservationRow>>();
      for (let i = 0; i < all.length; i += 200) {
        const part = all.slice(i, i + 200);
        const rows = await trx
          .selectFrom('observation')
          .select(['capteur_id', 'ts', 'valeur', 'statut', 'qualification'])
          .where((eb) =>
            eb.or(
              part.map((p) =>
                eb.and([eb('capteur_id', '=', p.id), eb('ts', '>=', p.min), eb('ts', '<=', p.max)]),
              ),
            ),
          )
          .execute();
        for (const r of rows) {
          const m = existing.get(r.capteur_id) ?? new Map<number, ObservationRow>();
          m.set(r.ts, r);
          existing.set(r.capteur_id, m);
        }
      }

      // New or changed readings, as flat INSERT parameters.
      const params: Array<number | null> = [];
      for (const grp of all) {
        const old = existing.get(grp.id);
        let nouvelles = 0;
        let modifiees = 0;
        let first: StoreReading | null = null;
        let last: StoreReading | null = null;
        const times: number[] = [];
        for (const r of groupReadings(grp)) {
          const o = old?.get(r.ts);
          if (!o) nouvelles++;
          else if (
            mode === 'update' &&
            (o.valeur !== r.valeur || o.statut !== r.statut || o.qualification !== r.qualification)
          ) {
            modifiees++;
          } else {
            result.inchangees++;
            continue;
          }
          params.push(grp.id, r.ts, r.valeur, r.statut, r.qualification);
          if (!first || r.ts < first.ts) first = r;
          if (!last || r.ts > last.ts) last = r;
          if (!this.stepKnown.has(grp.id)) times.push(r.ts);
        }
        result.nouvelles += nouvelles;
        result.modifiees += modifiees;
        if (!first || !last) continue;
        pending.push({
          capteurId: grp.id,
          lieuId: places.get(grp.code)?.lieuId ?? 0,
          grandeur: grp.grandeur,
          codeStation: grp.code,
          nouvelles,
          modifiees,
          from: first.ts,
          to: last.ts,
        });
        const step =
          times.length >= 3
            ? nativeStepMinutes(times.sort((a, b) => a - b).map((ts) => ({ ts, valeur: 0 })))
            : null;
        if (step !== null) this.stepKnown.add(grp.id);
        await trx
          .updateTable('capteur')
          .set({
            premier_ts: sql<number>`case when premier_ts is null or premier_ts > ${first.ts} then ${first.ts} else premier_ts end`,
            derniere_valeur: sql<number>`case when dernier_ts is null or dernier_ts <= ${last.ts} then ${last.valeur} else derniere_valeur end`,
            dernier_ts: sql<number>`case when dernier_ts is null or dernier_ts < ${last.ts} then ${last.ts} else dernier_ts end`,
            ...(step !== null ? { pas_min: sql<number>`coalesce(pas_min, ${step})` } : {}),
          })
          .where('id', '=', grp.id)
          .execute();
      }

      const full = INSERT_CHUNK * 5;
      for (let i = 0; i < params.length; i += full) {
        const slice = params.slice(i, i + full);
        if (slice.length === full) {
          const t = this.template(mode);
          await trx.executeQuery({ ...t, parameters: slice });
        } else {
          const rows: ObservationRow[] = [];
          for (let j = 0; j < slice.length; j += 5) {
            rows.push({
              capteur_id: slice[j] as number,
              ts: slice[j + 1] as number,
              valeur: slice[j + 2] as number,
              statut: slice[j + 3] ?? null,
              qualification: slice[j + 4] ?? null,
            });
          }
          await upsert(trx, rows, mode).execute();
        }
      }
      // Cached series bodies of these sensors are stale now (docs/decisions/013).
      await markSensorDataChanged(
        trx,
        pending.map((p) => p.capteurId),
      );
    });
    // Only what was committed is reported.
    for (const p of pending) this.summary.add(p);
    return result;
  }
}
