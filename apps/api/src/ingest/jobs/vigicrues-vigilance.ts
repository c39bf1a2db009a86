/**
 * Every 30 minutes: Vigicrues vigilance levels per tronçon (the national bulletin in detail), and once a day the
 * tronçon and territory referentials and the tronçon lines. A level change updates `troncon.niveau`/`niveau_ts`,
 * ends the tronçon's open Vigicrues alert and creates a new one (docs/decisions/024-vigilance-alerts.md).
 * A bulletin older than the levels already stored (a stale cache upstream) is ignored.
 */
import type { Kysely } from 'kysely';
import { DAY_MS } from '@limni/shared/domain/time';
import { formatInstant } from '@limni/shared/domain/verdict';
import { NIVEAUX_VIGILANCE, SIGNIFICATIONS_VIGILANCE } from '@limni/shared/domain/vigilance';
import type { Database } from '../../db/schema';
import type { VigilanceChange } from '../events';
import { UpstreamError } from '../http';
import {
  bulletinNational,
  territoiresReferentiel,
  tronconsGeojson,
  tronconsReferentiel,
  type Bulletin,
  type TronconLevel,
  type VigicruesClientOptions,
} from '../sources/vigicrues';
import { inTransaction } from '../transaction.repo';
import { failuresMessage, JobError, type IngestJob, type JobContext } from './runner';
import {
  confirmTronconLevels,
  endOpenVigilanceAlerts,
  insertTroncon,
  insertVigilanceAlert,
  latestLevelTs,
  listTroncons,
  listTronconStates,
  lieuxOnTroncons,
  setTronconLevel,
  setTronconTerritoire,
  writeTronconGeometries,
  writeTronconReferentiel,
  type TronconState,
} from './vigicrues.repo';

/**
 * A bulletin dated more than this after the server's clock is refused (docs/decisions/136): it would pass for the
 * newest and every real bulletin after it would look older.
 */
export const BULLETIN_FUTURE_TOLERANCE_MS = 15 * 60_000;

const DE = ['', 'du vert', 'du jaune', "de l'orange", 'du rouge'];
const AU = ['', 'au vert', 'au jaune', "à l'orange", 'au rouge'];

interface VigilanceCheckpoint {
  referentielAt?: number;
  territoires?: Record<string, string>;
  bulletin?: { ref: string | null; ts: number };
}

/** Title and message of the alert recording a level change (French, shown on the place and alert pages). */
export function vigilanceAlertText(
  troncon: { nom: string; territoire_nom: string | null },
  from: number | null,
  to: number,
  ts: number,
): { titre: string; message: string } {
  const where = `le tronçon « ${troncon.nom} »${troncon.territoire_nom ? ` (${troncon.territoire_nom})` : ''}`;
  const when = `dans son bulletin publié ${formatInstant(ts)}`;
  if (to === 1) {
    return {
      titre: `Fin de vigilance crues — ${troncon.nom}`,
      message: `Vigicrues a levé la vigilance sur ${where} : retour au vert ${when}. ${SIGNIFICATIONS_VIGILANCE[1]}`,
    };
  }
  const titre = `Vigilance ${NIVEAUX_VIGILANCE[to]} crues — ${troncon.nom}`;
  const message =
    from !== null && from > to
      ? `Vigicrues a abaissé la vigilance sur ${where} ${DE[from]} ${AU[to]} ${when}. ${SIGNIFICATIONS_VIGILANCE[to]}`
      : `Vigicrues a placé ${where} en vigilance ${NIVEAUX_VIGILANCE[to]} ${when}. ${SIGNIFICATIONS_VIGILANCE[to]}`;
  return { titre, message };
}

/** The tronçon and territory names: new tronçons created, renamed ones renamed, territory names filled in. */
async function refreshNames(
  ctx: JobContext,
  opts: VigicruesClientOptions,
  cp: VigilanceCheckpoint,
): Promise<void> {
  const territoires = await territoiresReferentiel(opts);
  cp.territoires = Object.fromEntries(territoires.filter((t) => t.nom).map((t) => [t.code, t.nom as string]));
  const troncons = await tronconsReferentiel(opts);
  const existing = new Map((await listTroncons(ctx.db)).map((t) => [t.code, t]));
  const create: Array<{ code: string; nom: string }> = [];
  const rename: Array<{ id: number; nom: string }> = [];
  for (const t of troncons) {
    const row = existing.get(t.code);
    if (!row) create.push({ code: t.code, nom: t.nom ?? t.code });
    else if (t.nom && t.nom !== row.nom) rename.push({ id: row.id, nom: t.nom });
  }
  await writeTronconReferentiel(ctx.db, { create, rename, territoires: cp.territoires });
  if (create.length) ctx.count('troncons_crees', create.length);
  if (rename.length) ctx.count('troncons_renommes', rename.length);
  ctx.count('troncons_referentiel', troncons.length);
}

/** The tronçon lines (GeoJSON, Lambert-93 converted to WGS84 by the client): changed ones written. */
async function refreshLines(ctx: JobContext, opts: VigicruesClientOptions): Promise<void> {
  const { lines, ignored } = await tronconsGeojson(opts);
  ctx.count('troncons_geometrie_ignores', ignored);
  const current = new Map((await listTroncons(ctx.db)).map((t) => [t.code, t]));
  const changed: Array<{ id: number; geometry: string }> = [];
  for (const l of lines) {
    const row = current.get(l.code);
    const geometry = JSON.stringify(l.geometry);
    if (row && row.geometry !== geometry) changed.push({ id: row.id, geometry });
  }
  await writeTronconGeometries(ctx.db, changed);
  if (changed.length) ctx.count('troncons_geometrie_mises_a_jour', changed.length);
}

/** Names, then lines; each part's failure is returned (the other part still runs). */
async function refreshReferentiel(
  ctx: JobContext,
  baseUrl: string,
  cp: VigilanceCheckpoint,
): Promise<Error[]> {
  const failures: Error[] = [];
  const opts = { ...ctx.http, baseUrl };
  for (const part of [() => refreshNames(ctx, opts, cp), () => refreshLines(ctx, opts)]) {
    try {
      await part();
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      failures.push(err as Error);
    }
  }
  if (failures.length === 0) cp.referentielAt = ctx.now();
  return failures;
}

/** The stored tronçon of a bulletin entry: created when unknown, its territory filled in when missing. */
async function tronconOf(
  trx: Kysely<Database>,
  byCode: ReadonlyMap<string, TronconState>,
  t: TronconLevel,
  cp: VigilanceCheckpoint,
): Promise<TronconState> {
  const row = byCode.get(t.code);
  if (!row) {
    const territoire_nom = t.territoire ? (cp.territoires?.[t.territoire] ?? null) : null;
    const id = await insertTroncon(trx, { code: t.code, territoire_code: t.territoire, territoire_nom });
    return {
      id,
      code: t.code,
      nom: t.code,
      niveau: null,
      niveau_ts: null,
      territoire_code: t.territoire,
      territoire_nom,
    };
  }
  if (row.territoire_code === null && t.territoire) {
    row.territoire_code = t.territoire;
    row.territoire_nom = cp.territoires?.[t.territoire] ?? row.territoire_nom;
    await setTronconTerritoire(trx, row.id, { code: row.territoire_code, nom: row.territoire_nom });
  }
  return row;
}

/**
 * A tronçon's level changed: the new level stored, its open Vigicrues alert ended, and the change recorded as an
 * alert — except unknown → vert, which is not news (a return to green is recorded as a closed alert).
 */
async function recordLevelChange(
  trx: Kysely<Database>,
  row: TronconState,
  niveau: number,
  b: Bulletin,
  now: number,
): Promise<{ change: VigilanceChange; ended: number }> {
  await setTronconLevel(trx, row.id, niveau, b.ts);
  const ended = await endOpenVigilanceAlerts(trx, row.id, b.ts);
  let alerteId: number | null = null;
  if (!(row.niveau === null && niveau === 1)) {
    alerteId = await insertVigilanceAlert(trx, {
      tronconId: row.id,
      niveau,
      ...vigilanceAlertText(row, row.niveau, niveau, b.ts),
      debut: b.ts,
      fin: niveau === 1 ? b.ts : null,
      createdAt: now,
    });
  }
  const change: VigilanceChange = {
    tronconId: row.id,
    code: row.code,
    nom: row.nom,
    from: row.niveau,
    to: niveau,
    ts: b.ts,
    alerteId,
    lieuIds: [],
  };
  return { change, ended };
}

/** Applies a bulletin inside one transaction: changed levels recorded, unchanged ones confirmed. */
async function applyBulletin(
  trx: Kysely<Database>,
  b: Bulletin,
  cp: VigilanceCheckpoint,
  now: number,
): Promise<{ changes: VigilanceChange[]; confirmed: number; ended: number }> {
  const byCode = new Map((await listTronconStates(trx)).map((r) => [r.code, r]));
  const changes: VigilanceChange[] = [];
  const confirm: number[] = [];
  let ended = 0;
  for (const t of b.troncons) {
    const row = await tronconOf(trx, byCode, t, cp);
    if (row.niveau === t.niveau) {
      // A level stored with a time in the future (accepted before such bulletins were refused) is dated again.
      const ts = row.niveau_ts ?? 0;
      if (ts < b.ts || ts > now + BULLETIN_FUTURE_TOLERANCE_MS) confirm.push(row.id);
      continue;
    }
    const r = await recordLevelChange(trx, row, t.niveau, b, now);
    changes.push(r.change);
    ended += r.ended;
  }
  await confirmTronconLevels(trx, confirm, b.ts);
  if (changes.length) {
    const lieux = await lieuxOnTroncons(
      trx,
      changes.map((c) => c.tronconId),
    );
    for (const c of changes) c.lieuIds = lieux.filter((l) => l.troncon_id === c.tronconId).map((l) => l.id);
  }
  return { changes, confirmed: confirm.length, ended };
}

export interface VigicruesVigilanceOptions {
  baseUrl: string;
  /** How often the referentials (names, territories, lines) are refreshed. */
  referentielEveryMs?: number;
}

export function vigicruesVigilanceJob(opts: VigicruesVigilanceOptions): IngestJob {
  const every = opts.referentielEveryMs ?? DAY_MS;
  return {
    name: 'vigicrues-vigilance',
    schedule: '*/30 * * * *',
    runAtStartIfOlderThan: 0,
    async run(ctx) {
      const cp: VigilanceCheckpoint = { ...((ctx.checkpoint as VigilanceCheckpoint | undefined) ?? {}) };
      const failures: Error[] = [];
      let calls = 1;
      if (cp.referentielAt === undefined || ctx.now() - cp.referentielAt >= every) {
        calls += 3;
        failures.push(...(await refreshReferentiel(ctx, opts.baseUrl, cp)));
        ctx.setCheckpoint(cp);
      }
      let bulletin: Bulletin | null = null;
      try {
        bulletin = await bulletinNational({ ...ctx.http, baseUrl: opts.baseUrl });
      } catch (err) {
        if (ctx.signal.aborted || !(err instanceof UpstreamError)) throw err;
        failures.push(err);
      }
      if (bulletin && bulletin.ts > ctx.now() + BULLETIN_FUTURE_TOLERANCE_MS) {
        ctx.count('bulletin_futur_refuse');
        const ahead = Math.round((bulletin.ts - ctx.now()) / 60_000);
        ctx.log.warn(
          { bulletin: bulletin.ref, ts: bulletin.ts },
          'Bulletin Vigicrues daté dans le futur : refusé',
        );
        failures.push(
          new JobError(
            `Vigicrues : bulletin ${bulletin.ref ?? ''} daté du ${new Date(bulletin.ts).toISOString()}, ${ahead} min après l'horloge du serveur : refusé, la vigilance enregistrée reste en vigueur`,
            undefined,
            'bulletin_futur',
          ),
        );
        bulletin = null;
      }
      if (bulletin) {
        ctx.count('troncons_bulletin', bulletin.troncons.length);
        const latest = await latestLevelTs(ctx.db, ctx.now() + BULLETIN_FUTURE_TOLERANCE_MS);
        if (latest !== null && bulletin.ts < latest) {
          ctx.count('bulletin_ancien_ignore');
          ctx.log.warn(
            { bulletin: bulletin.ref, ts: bulletin.ts, latest },
            'Bulletin Vigicrues plus ancien que les niveaux enregistrés : ignoré',
          );
        } else {
          const b = bulletin;
          const r = await inTransaction(ctx.db, (trx) => applyBulletin(trx, b, cp, ctx.now()));
          ctx.count('changements_niveau', r.changes.length);
          ctx.count('alertes_creees', r.changes.filter((c) => c.alerteId !== null).length);
          ctx.count('alertes_terminees', r.ended);
          ctx.count('niveaux_confirmes', r.confirmed);
          cp.bulletin = { ref: b.ref, ts: b.ts };
          ctx.setCheckpoint(cp);
          await ctx.events.emit({
            type: 'vigilance',
            origin: 'live',
            at: ctx.now(),
            bulletin: { ref: b.ref, ts: b.ts },
            changes: r.changes,
          });
        }
      }
      if (failures.length) throw new JobError(failuresMessage(failures, calls), failures[0]);
    },
  };
}
