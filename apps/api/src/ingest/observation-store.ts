/**
 * Writing normalised observations (m, m³/s, epoch ms) into `observation`, idempotently: upsert on (capteur, ts),
 * only rows that are new or whose value/status changed are written, and the cached state of each sensor
 * (`derniere_valeur`, `dernier_ts`, `premier_ts`, `pas_min`) is kept right. Used by the live jobs, the bench, and
 * the replay (which emits the same `observations` event from the returned summary). The statements are in
 * observation.repo.ts.
 *
 * A store of live readings (`live: true`) also (docs/decisions/136):
 * - keeps a reading outside its sensor's plausible bounds (`judgeObservation`) apart, in `valeur_ecartee`;
 * - gives instantaneous readings sensors of their own step: a daily-mean sensor of the demo (`pas_min` 1440) that
 *   receives its first instantaneous reading moves its daily values into the daily archive, where daily means
 *   belong, and becomes an instantaneous sensor;
 * - makes the place of a recorded episode live (ADR 088): its clock becomes the real one;
 * - keeps a stored status or qualification when the upstream did not send the field (`undefined`).
 *
 * Every store moves a sensor's current value (`derniere_valeur`, `dernier_ts`) only to readings its producer did not
 * judge doubtful (qualification 12, docs/decisions/154): a doubtful reading is stored and shown, never current; when a
 * later answer qualifies it otherwise, it becomes current like a new reading; a current one later judged doubtful
 * gives way to the latest non-doubtful reading.
 */
import type { Kysely } from 'kysely';
import { judgeObservation, type HistoryRange, type RaisonEcartee } from '@limni/shared/domain/plausibility';
import { estDouteuse } from '@limni/shared/domain/qualite';
import { nativeStepMinutes } from '@limni/shared/domain/series';
import { UNITE_PAR_GRANDEUR } from '@limni/shared/domain/units';
import { refreshGrownClimatologies } from '../data/climatologie';
import { markCapteurDataChanged } from '../data/series-cache';
import type { Database } from '../db/schema';
import type { CapteurObservations } from './events';
import {
  advanceCapteurStates,
  dailyCapteurToInstantaneous,
  deleteValeursEcarteesAt,
  ensureCapteur,
  historyRanges,
  leaveEpisodes,
  ObservationUpserter,
  lieuCapteurRows,
  capteursWithValeursEcartees,
  refreshCurrentObservation,
  storedInRanges,
  upsertValeursEcartees,
  type CapteurAdvance,
  type ConflictMode,
  type ObservationRow,
  type ValeurEcarteeRow,
} from './observation.repo';
import { inTransaction } from './transaction.repo';

/**
 * An observation to store, in Limni's units (H in m, Q in m³/s), instant in epoch ms. A status or qualification
 * `undefined` was not sent by the upstream: the stored one is kept.
 */
export interface ObservationToStore {
  codeStation: string;
  grandeur: 'H' | 'Q';
  ts: number;
  valeur: number;
  statut: number | null | undefined;
  qualification: number | null | undefined;
}

interface PlaceSensors {
  lieuId: number;
  /** The recorded episode the place belongs to (null: none). */
  episode: string | null;
  H?: number;
  Q?: number;
}

export interface StoreOptions {
  /** Live readings: plausibility, own-step sensors, episodes made live (see the module comment). */
  live?: boolean;
}

/**
 * The observations of one sensor in a batch. Pages come sorted by instant for each station (ascending or
 * descending): they are kept in arrival order; a map (instant → last observation) is built only when an instant
 * repeats or the order breaks.
 */
interface Group {
  id: number;
  code: string;
  grandeur: 'H' | 'Q';
  min: number;
  max: number;
  list: ObservationToStore[];
  /** +1 ascending, −1 descending, 0 unknown yet. */
  dir: number;
  byTs: Map<number, ObservationToStore> | null;
}

function addToGroup(g: Group, r: ObservationToStore): boolean {
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

const groupObservations = (g: Group): Iterable<ObservationToStore> => g.byTs?.values() ?? g.list;

const LIBELLES: Record<'H' | 'Q', string> = { H: "Hauteur d'eau", Q: 'Débit' };

export interface WriteOptions {
  /** `update` (default): a changed value replaces the stored one. `ignore`: stored observations always win. */
  onConflict?: ConflictMode;
}

export interface WriteResult {
  nouvelles: number;
  modifiees: number;
  inchangees: number;
  /** Readings kept apart as implausible (live stores only). */
  ecartees: number;
  /** Observations of stations that no place knows. */
  inconnues: number;
  /** The same (station, grandeur, instant) more than once in the batch. */
  doublons: number;
  capteursCrees: number;
}

/** Per-sensor account of one run, merged over batches; becomes the `observations` event. */
export class ObservationsSummary {
  private readonly byCapteur = new Map<number, CapteurObservations>();

  add(s: CapteurObservations): void {
    const cur = this.byCapteur.get(s.capteurId);
    if (!cur) {
      this.byCapteur.set(s.capteurId, { ...s });
      return;
    }
    cur.nouvelles += s.nouvelles;
    cur.modifiees += s.modifiees;
    cur.from = Math.min(cur.from, s.from);
    cur.to = Math.max(cur.to, s.to);
  }

  get sensors(): CapteurObservations[] {
    return [...this.byCapteur.values()].sort((a, b) => a.capteurId - b.capteurId);
  }
}

const emptyResult = (): WriteResult => ({
  nouvelles: 0,
  modifiees: 0,
  inchangees: 0,
  ecartees: 0,
  inconnues: 0,
  doublons: 0,
  capteursCrees: 0,
});

/** What one sensor's group changes against what is stored. */
interface GroupChanges {
  nouvelles: number;
  modifiees: number;
  inchangees: number;
  /** Earliest and latest observation to write (null when nothing is written). */
  first: ObservationToStore | null;
  last: ObservationToStore | null;
  /**
   * Latest observation to write that its producer did not judge doubtful, with the qualification it will have once
   * written: the sensor's current value moves only to it (docs/decisions/154). Null when every one is doubtful.
   */
  lastUsable: ObservationToStore | null;
  /** A stored non-doubtful observation is now judged doubtful: the sensor's current value must be found again. */
  downgraded: boolean;
  /** Instants written, collected only while the sensor's native step is unknown. */
  times: number[];
}

/**
 * Compares a group with the stored observations of its range and appends the rows to write (new ones, and
 * changed ones in `update` mode) to `params`, 5 values each.
 */
function changesOf(
  g: Group,
  stored: ReadonlyMap<number, ObservationRow> | undefined,
  mode: ConflictMode,
  collectTimes: boolean,
  params: Array<number | null>,
): GroupChanges {
  const c: GroupChanges = {
    nouvelles: 0,
    modifiees: 0,
    inchangees: 0,
    first: null,
    last: null,
    lastUsable: null,
    downgraded: false,
    times: [],
  };
  for (const r of groupObservations(g)) {
    const o = stored?.get(r.ts);
    if (!o) c.nouvelles++;
    else if (
      mode === 'update' &&
      (o.valeur !== r.valeur ||
        (r.statut !== undefined && o.statut !== r.statut) ||
        (r.qualification !== undefined && o.qualification !== r.qualification))
    ) {
      c.modifiees++;
    } else {
      c.inchangees++;
      continue;
    }
    params.push(g.id, r.ts, r.valeur, r.statut ?? null, r.qualification ?? null);
    if (!c.first || r.ts < c.first.ts) c.first = r;
    if (!c.last || r.ts > c.last.ts) c.last = r;
    // A qualification not sent (undefined, or null) keeps the stored one (the upsert's coalesce).
    const douteuse = estDouteuse(r.qualification ?? o?.qualification);
    if (!douteuse && (!c.lastUsable || r.ts > c.lastUsable.ts)) c.lastUsable = r;
    if (douteuse && o && !estDouteuse(o.qualification)) c.downgraded = true;
    if (collectTimes) c.times.push(r.ts);
  }
  return c;
}

/** The native step estimated from at least 3 instants written (minutes), else null. */
function stepOf(times: number[]): number | null {
  return times.length >= 3
    ? nativeStepMinutes(times.sort((a, b) => a - b).map((ts) => ({ ts, valeur: 0 })))
    : null;
}

/**
 * Resolves station codes to places and sensors (loaded once), creates a missing sensor on its first observation
 * (typically the Q sensor of a place), and writes batches.
 */
export class ObservationStore {
  private places: Map<string, PlaceSensors> | null = null;
  private readonly ids = { H: new Map<string, number>(), Q: new Map<string, number>() };
  /** Sensors whose native step is known (no need to estimate it from new observations). */
  private readonly stepKnown = new Set<number>();
  /** Daily-mean sensors (`pas_min` 1440): a live store turns them instantaneous on their first reading. */
  private readonly daily = new Set<number>();
  /** Each sensor's latest stored reading (the previous one a new reading's jump is judged against). */
  private readonly latest = new Map<number, { ts: number; valeur: number }>();
  /** Record range of each sensor's archive, loaded once per sensor (null: none). */
  private readonly history = new Map<number, HistoryRange | null>();
  /** Sensors holding set-aside values (a plausible value received later for the same instant replaces them). */
  private sensorsWithSetAside: Set<number> | null = null;
  private readonly upserter: ObservationUpserter;
  private readonly live: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly source: string,
    readonly summary = new ObservationsSummary(),
    opts: StoreOptions = {},
  ) {
    this.upserter = new ObservationUpserter(db);
    this.live = opts.live ?? false;
  }

  private async load(): Promise<Map<string, PlaceSensors>> {
    if (this.places) return this.places;
    const map = new Map<string, PlaceSensors>();
    for (const r of await lieuCapteurRows(this.db)) {
      const code = r.code_station as string;
      const p = map.get(code) ?? { lieuId: r.lieuId, episode: r.episode };
      if (r.capteurId !== null && (r.grandeur === 'H' || r.grandeur === 'Q')) {
        p[r.grandeur] = r.capteurId;
        this.ids[r.grandeur].set(code, r.capteurId);
        if (r.pas_min !== null) this.stepKnown.add(r.capteurId);
        if (r.pas_min === 1440) this.daily.add(r.capteurId);
        if (r.dernier_ts !== null && r.derniere_valeur !== null) {
          this.latest.set(r.capteurId, { ts: r.dernier_ts, valeur: r.derniere_valeur });
        }
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

  /**
   * The sensor of a station and quantity, created (source of this store) when the place has none yet; null for an
   * unknown station. `created.n` counts the sensors created.
   */
  sensorFor(code: string, grandeur: 'H' | 'Q', created: { n: number }): Promise<number | null> {
    return this.capteurOf(code, grandeur, created);
  }

  /**
   * The sensor of a station and quantity, created when the place has none yet; null for an unknown station. A live
   * store's instantaneous readings never go into a daily-mean sensor: it is made instantaneous first.
   */
  private async capteurOf(code: string, grandeur: 'H' | 'Q', created: { n: number }): Promise<number | null> {
    const known = this.ids[grandeur].get(code);
    if (known !== undefined && this.live && this.daily.has(known)) await this.makeInstantaneous(known);
    if (known !== undefined) return known;
    const lieu = (await this.load()).get(code);
    if (!lieu) return null;
    const existing = lieu[grandeur];
    if (existing !== undefined) return existing;
    const row = await ensureCapteur(this.db, {
      lieuId: lieu.lieuId,
      grandeur,
      unite: UNITE_PAR_GRANDEUR[grandeur],
      libelle: LIBELLES[grandeur],
      source: this.source,
      codeStation: code,
    });
    lieu[grandeur] = row.id;
    this.ids[grandeur].set(code, row.id);
    if (row.pas_min !== null) this.stepKnown.add(row.id);
    created.n++;
    return row.id;
  }

  /**
   * A daily-mean sensor about to receive instantaneous readings: its daily values move to the archive (their
   * climatology follows), and it becomes an instantaneous sensor whose step the new readings will tell.
   */
  private async makeInstantaneous(capteurId: number): Promise<void> {
    await dailyCapteurToInstantaneous(this.db, capteurId, { source: this.source });
    this.daily.delete(capteurId);
    this.stepKnown.delete(capteurId);
    this.latest.delete(capteurId);
    await refreshGrownClimatologies(this.db, Date.now(), [capteurId]);
  }

  /** Writes one batch in one transaction and returns what happened. */
  async write(batch: readonly ObservationToStore[], opts: WriteOptions = {}): Promise<WriteResult> {
    const mode = opts.onConflict ?? 'update';
    const result = emptyResult();
    const groups = await this.groupBySensor(batch, result);
    if (groups.length === 0) return result;
    const written = await inTransaction(this.db, (trx) => this.writeGroups(trx, groups, mode, result));
    // Only what was committed is reported.
    for (const s of written) this.summary.add(s);
    return result;
  }

  /**
   * Step 1: each observation's sensor (a missing one is created), grouped by sensor; the last of a repeated
   * instant wins. Batches come sorted by station, so the previous observation's sensor is the usual hit.
   */
  private async groupBySensor(batch: readonly ObservationToStore[], result: WriteResult): Promise<Group[]> {
    await this.load();
    const groups = new Map<number, Group>();
    const created = { n: 0 };
    let g: Group | undefined;
    let lastCode: string | null = null;
    let lastGrandeur = '';
    let id: number | null = null;
    for (const r of batch) {
      if (r.codeStation !== lastCode || r.grandeur !== lastGrandeur) {
        id = await this.capteurOf(r.codeStation, r.grandeur, created);
        lastCode = r.codeStation;
        lastGrandeur = r.grandeur;
      }
      if (id === null) {
        result.inconnues++;
        continue;
      }
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
    return [...groups.values()];
  }

  /**
   * Step 2, in the transaction: what is stored in the ranges received, then per sensor the rows to write and its
   * cached state moved forward, the rows upserted, and the sensors' cached series marked stale
   * (docs/decisions/013). Returns the per-sensor account of what was written.
   */
  private async writeGroups(
    trx: Kysely<Database>,
    groups: Group[],
    mode: ConflictMode,
    result: WriteResult,
  ): Promise<CapteurObservations[]> {
    const stored = await storedInRanges(trx, groups);
    const params: Array<number | null> = [];
    const written: CapteurObservations[] = [];
    const downgraded: number[] = [];
    const advances: CapteurAdvance[] = [];
    if (this.live) await this.setAside(trx, groups, stored, result);
    for (const g of groups) {
      const c = changesOf(g, stored.get(g.id), mode, !this.stepKnown.has(g.id), params);
      result.nouvelles += c.nouvelles;
      result.modifiees += c.modifiees;
      result.inchangees += c.inchangees;
      if (!c.first || !c.last) continue;
      written.push({
        capteurId: g.id,
        lieuId: this.places?.get(g.code)?.lieuId ?? 0,
        grandeur: g.grandeur,
        codeStation: g.code,
        nouvelles: c.nouvelles,
        modifiees: c.modifiees,
        from: c.first.ts,
        to: c.last.ts,
      });
      const step = stepOf(c.times);
      if (step !== null) this.stepKnown.add(g.id);
      advances.push({ id: g.id, first: c.first.ts, last: c.lastUsable, step });
      if (c.downgraded) downgraded.push(g.id);
      const before = this.latest.get(g.id);
      if (!before || before.ts <= c.last.ts) this.latest.set(g.id, { ts: c.last.ts, valeur: c.last.valeur });
    }
    await this.upserter.upsert(trx, params, mode);
    // Each written sensor's state and data version move in one statement (the series-cache mark, ADR 013).
    await markCapteurDataChanged(
      trx,
      written.map((w) => w.capteurId),
      () => advanceCapteurStates(trx, advances),
    );
    // A current value now judged doubtful gives way to the latest non-doubtful one (docs/decisions/154).
    await refreshCurrentObservation(trx, downgraded);
    if (this.live) await this.afterLiveWrite(trx, groups, written);
    return written;
  }

  /**
   * Judges every reading of the groups (ascending, each against the previous plausible one: stored, cached or just
   * accepted) and moves the implausible ones out of the groups into `valeur_ecartee`.
   */
  private async setAside(
    trx: Kysely<Database>,
    groups: Group[],
    stored: ReadonlyMap<number, ReadonlyMap<number, ObservationRow>>,
    result: WriteResult,
  ): Promise<void> {
    await this.loadHistory(
      trx,
      groups.map((g) => g.id),
    );
    const setAside: ValeurEcarteeRow[] = [];
    const now = Date.now();
    for (const g of groups) {
      const ordered = [...groupObservations(g)].sort((a, b) => a.ts - b.ts);
      const known = [...(stored.get(g.id)?.values() ?? [])].sort((a, b) => a.ts - b.ts);
      const cached = this.latest.get(g.id);
      let prev: { ts: number; valeur: number } | null = cached && cached.ts < g.min ? cached : null;
      let i = 0;
      const kept: ObservationToStore[] = [];
      for (const r of ordered) {
        for (; i < known.length && (known[i] as ObservationRow).ts < r.ts; i++) {
          const k = known[i] as ObservationRow;
          if (!prev || k.ts > prev.ts) prev = k;
        }
        const raison: RaisonEcartee | null = judgeObservation(
          g.grandeur,
          r,
          prev,
          this.history.get(g.id) ?? null,
        );
        if (raison) {
          setAside.push({ capteurId: g.id, reading: r, raison: JSON.stringify(raison), recuLe: now });
          continue;
        }
        kept.push(r);
        prev = r;
      }
      if (kept.length !== ordered.length) {
        g.list = kept;
        g.byTs = null;
        g.dir = 1;
      }
    }
    result.ecartees += setAside.length;
    await upsertValeursEcartees(trx, setAside);
    for (const x of setAside) this.sensorsWithSetAside?.add(x.capteurId);
  }

  private async loadHistory(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
    const missing = ids.filter((id) => !this.history.has(id));
    if (missing.length === 0) return;
    const ranges = await historyRanges(db, missing);
    for (const id of missing) this.history.set(id, ranges.get(id) ?? null);
  }

  /**
   * After live readings are written: plausible values replace the set-aside ones of the same instants, and the places
   * of recorded episodes that got readings become live.
   */
  private async afterLiveWrite(
    trx: Kysely<Database>,
    groups: readonly Group[],
    written: readonly CapteurObservations[],
  ): Promise<void> {
    this.sensorsWithSetAside ??= await capteursWithValeursEcartees(trx);
    for (const g of groups) {
      if (!this.sensorsWithSetAside.has(g.id)) continue;
      await deleteValeursEcarteesAt(
        trx,
        g.id,
        [...groupObservations(g)].map((r) => r.ts),
      );
    }
    const lieux = [...(this.places?.values() ?? [])];
    const episodic = new Set(written.map((w) => w.lieuId));
    const leaving = lieux.filter((p) => p.episode !== null && episodic.has(p.lieuId));
    if (leaving.length === 0) return;
    await leaveEpisodes(
      trx,
      leaving.map((p) => p.lieuId),
    );
    for (const p of leaving) p.episode = null;
  }
}
