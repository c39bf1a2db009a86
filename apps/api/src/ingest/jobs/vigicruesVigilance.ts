/**
 * Every 30 minutes: Vigicrues vigilance levels per tronçon (the national bulletin in detail), and once a day the
 * tronçon and territory referentials and the tronçon lines. A level change updates `troncon.niveau`/`niveau_ts`,
 * ends the tronçon's open Vigicrues alert and creates a new one (docs/decisions/024-vigilance-alerts.md).
 * A bulletin older than the levels already stored (a stale cache upstream) is ignored.
 */
import type { Kysely, Transaction } from 'kysely';
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
} from '../sources/vigicrues';
import { failuresMessage, JobError, type IngestJob, type JobContext } from './runner';

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

async function refreshReferentiel(
  ctx: JobContext,
  baseUrl: string,
  cp: VigilanceCheckpoint,
): Promise<Error[]> {
  const failures: Error[] = [];
  const opts = { ...ctx.http, baseUrl };
  try {
    const territoires = await territoiresReferentiel(opts);
    cp.territoires = Object.fromEntries(
      territoires.filter((t) => t.nom).map((t) => [t.code, t.nom as string]),
    );
    const troncons = await tronconsReferentiel(opts);
    const existing = new Map(
      (await ctx.db.selectFrom('troncon').select(['id', 'code', 'nom']).execute()).map((t) => [t.code, t]),
    );
    await ctx.db.transaction().execute(async (trx) => {
      for (const t of troncons) {
        const row = existing.get(t.code);
        if (!row) {
          await trx
            .insertInto('troncon')
            .values({ code: t.code, nom: t.nom ?? t.code })
            .execute();
          ctx.count('troncons_crees');
        } else if (t.nom && t.nom !== row.nom) {
          await trx.updateTable('troncon').set({ nom: t.nom }).where('id', '=', row.id).execute();
          ctx.count('troncons_renommes');
        }
      }
      for (const [code, nom] of Object.entries(cp.territoires ?? {})) {
        await trx
          .updateTable('troncon')
          .set({ territoire_nom: nom })
          .where('territoire_code', '=', code)
          .where((eb) => eb.or([eb('territoire_nom', 'is', null), eb('territoire_nom', '!=', nom)]))
          .execute();
      }
    });
    ctx.count('troncons_referentiel', troncons.length);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    failures.push(err as Error);
  }
  try {
    const { lines, ignored } = await tronconsGeojson(opts);
    ctx.count('troncons_geometrie_ignores', ignored);
    const current = new Map(
      (await ctx.db.selectFrom('troncon').select(['id', 'code', 'geometry']).execute()).map((t) => [
        t.code,
        t,
      ]),
    );
    await ctx.db.transaction().execute(async (trx) => {
      for (const l of lines) {
        const row = current.get(l.code);
        const geometry = JSON.stringify(l.geometry);
        if (!row || row.geometry === geometry) continue;
        await trx.updateTable('troncon').set({ geometry }).where('id', '=', row.id).execute();
        ctx.count('troncons_geometrie_mises_a_jour');
      }
    });
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    failures.push(err as Error);
  }
  if (failures.length === 0) cp.referentielAt = ctx.now();
  return failures;
}

async function applyBulletin(
  trx: Transaction<Database>,
  b: Bulletin,
  cp: VigilanceCheckpoint,
  now: number,
): Promise<{ changes: VigilanceChange[]; confirmed: number; ended: number }> {
  const rows = await trx
    .selectFrom('troncon')
    .select(['id', 'code', 'nom', 'niveau', 'niveau_ts', 'territoire_code', 'territoire_nom'])
    .execute();
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const changes: VigilanceChange[] = [];
  const confirm: number[] = [];
  let ended = 0;
  for (const t of b.troncons) {
    let row = byCode.get(t.code);
    if (!row) {
      const territoire_nom = t.territoire ? (cp.territoires?.[t.territoire] ?? null) : null;
      const inserted = await trx
        .insertInto('troncon')
        .values({ code: t.code, nom: t.code, territoire_code: t.territoire, territoire_nom })
        .returning('id')
        .executeTakeFirstOrThrow();
      row = {
        id: inserted.id,
        code: t.code,
        nom: t.code,
        niveau: null,
        niveau_ts: null,
        territoire_code: t.territoire,
        territoire_nom,
      };
    } else if (row.territoire_code === null && t.territoire) {
      row.territoire_code = t.territoire;
      row.territoire_nom = cp.territoires?.[t.territoire] ?? row.territoire_nom;
      await trx
        .updateTable('troncon')
        .set({ territoire_code: row.territoire_code, territoire_nom: row.territoire_nom })
        .where('id', '=', row.id)
        .execute();
    }
    if (row.niveau === t.niveau) {
      if ((row.niveau_ts ?? 0) < b.ts) confirm.push(row.id);
      continue;
    }
    await trx
      .updateTable('troncon')
      .set({ niveau: t.niveau, niveau_ts: b.ts })
      .where('id', '=', row.id)
      .execute();
    const closed = await trx
      .updateTable('alerte')
      .set({ fin: b.ts })
      .where('scope', '=', 'troncon')
      .where('scope_id', '=', row.id)
      .where('source', '=', 'vigicrues')
      .where('fin', 'is', null)
      .executeTakeFirst();
    ended += Number(closed.numUpdatedRows);
    let alerteId: number | null = null;
    // unknown → vert is not news; every other change is recorded (a return to green as a closed alert).
    if (!(row.niveau === null && t.niveau === 1)) {
      const text = vigilanceAlertText(row, row.niveau, t.niveau, b.ts);
      const a = await trx
        .insertInto('alerte')
        .values({
          scope: 'troncon',
          scope_id: row.id,
          source: 'vigicrues',
          niveau: t.niveau,
          ...text,
          debut: b.ts,
          fin: t.niveau === 1 ? b.ts : null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      alerteId = a.id;
    }
    changes.push({
      tronconId: row.id,
      code: row.code,
      nom: row.nom,
      from: row.niveau,
      to: t.niveau,
      ts: b.ts,
      alerteId,
      lieuIds: [],
    });
  }
  for (let i = 0; i < confirm.length; i += 500) {
    await trx
      .updateTable('troncon')
      .set({ niveau_ts: b.ts })
      .where('id', 'in', confirm.slice(i, i + 500))
      .execute();
  }
  if (changes.length) {
    const lieux = await trx
      .selectFrom('lieu')
      .select(['id', 'troncon_id'])
      .where(
        'troncon_id',
        'in',
        changes.map((c) => c.tronconId),
      )
      .execute();
    for (const c of changes) c.lieuIds = lieux.filter((l) => l.troncon_id === c.tronconId).map((l) => l.id);
  }
  return { changes, confirmed: confirm.length, ended };
}

async function latestLevelTs(db: Kysely<Database>): Promise<number | null> {
  const r = await db
    .selectFrom('troncon')
    .select((eb) => eb.fn.max('niveau_ts').as('t'))
    .executeTakeFirst();
  return r?.t ?? null;
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
      if (bulletin) {
        ctx.count('troncons_bulletin', bulletin.troncons.length);
        const latest = await latestLevelTs(ctx.db);
        if (latest !== null && bulletin.ts < latest) {
          ctx.count('bulletin_ancien_ignore');
          ctx.log.warn(
            { bulletin: bulletin.ref, ts: bulletin.ts, latest },
            'Bulletin Vigicrues plus ancien que les niveaux enregistrés : ignoré',
          );
        } else {
          const b = bulletin;
          const r = await ctx.db.transaction().execute((trx) => applyBulletin(trx, b, cp, ctx.now()));
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
      if (failures.length) throw new JobError(failuresMessage(failures, calls));
    },
  };
}
