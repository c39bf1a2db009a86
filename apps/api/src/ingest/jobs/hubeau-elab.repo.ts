/**
 * The statements of the `obs_elab` backfill (docs/decisions/092): station codes of the places, where each station's
 * backfill stands (`hubeau_elab_reprise`, migration 011), and one page of daily values written to `archive_jour`
 * together with the new standing of its stations, in one transaction.
 */
import type { Kysely } from 'kysely';
import type { Database, HubeauElabRepriseTable } from '../../db/schema';

/** Station codes of places, in service or not (obs_elab keeps closed stations' history), by code. */
export async function stationCodes(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('lieu')
    .select('code_station')
    .where('code_station', 'is not', null)
    // A station out of service keeps its record in obs_elab; one gone from the catalogue is no more asked.
    .where((eb) =>
      eb.or([eb('station_motif', 'is', null), eb('station_motif', '!=', 'absente_du_catalogue')]),
    )
    .orderBy('code_station')
    .execute();
  return rows.map((r) => r.code_station as string);
}

export type ElabStanding = Pick<HubeauElabRepriseTable, 'dernier_jour' | 'historique_complet'>;

/** Where the backfill of each station stands for one quantity. */
export async function elabStandings(
  db: Kysely<Database>,
  grandeur: HubeauElabRepriseTable['grandeur'],
): Promise<Map<string, ElabStanding>> {
  const rows = await db
    .selectFrom('hubeau_elab_reprise')
    .select(['code_station', 'dernier_jour', 'historique_complet'])
    .where('grandeur', '=', grandeur)
    .execute();
  return new Map(rows.map((r) => [r.code_station, r]));
}

/** One daily value for a sensor's archive (m³/s). */
export interface ElabValue {
  capteurId: number;
  jour: string;
  valeur: number;
}

export interface ElabPageWrite {
  grandeur: HubeauElabRepriseTable['grandeur'];
  values: readonly ElabValue[];
  /** New standing of the stations this page moved. */
  standings: ReadonlyArray<{ code: string; dernier_jour: string | null; historique_complet: 0 | 1 }>;
  now: number;
}

export interface ElabPageResult {
  nouveaux: number;
  modifies: number;
  inchanges: number;
  /** QIXnJ values of a day with no archived mean (the row needs one): left for a later run. */
  sansMoyenne: number;
  /** QmnJ values of a day the embedded (credited) demo history holds: the demo value is kept. */
  gardesDemo: number;
  /** Sensors whose archived means changed (their climatology must be recomputed, not only summarised). */
  capteursModifies: number[];
  /** Sensors that got new or changed means. */
  capteursEcrits: number[];
}

const CHUNK = 500;

/**
 * Writes a page: `QmnJ` values become the day's mean (source `hubeau-elab`, replacing a roll-up value, min and max
 * kept; a day of the embedded demo history keeps its credited value), `QIXnJ` values the day's max of an archived
 * day. Only new or changed values are written. The stations' standing is saved in the same transaction: a page is kept whole with its checkpoint, or not at all.
 */
export async function writeElabPage(db: Kysely<Database>, page: ElabPageWrite): Promise<ElabPageResult> {
  const result: ElabPageResult = {
    nouveaux: 0,
    modifies: 0,
    inchanges: 0,
    sansMoyenne: 0,
    gardesDemo: 0,
    capteursModifies: [],
    capteursEcrits: [],
  };
  const changed = new Set<number>();
  const written = new Set<number>();
  await db.transaction().execute(async (trx) => {
    const byCapteur = new Map<number, ElabValue[]>();
    for (const v of page.values) {
      const list = byCapteur.get(v.capteurId) ?? [];
      list.push(v);
      byCapteur.set(v.capteurId, list);
    }
    for (const [capteurId, values] of byCapteur) {
      const days = values.map((v) => v.jour).sort();
      const stored = await trx
        .selectFrom('archive_jour')
        .select(['jour', 'moyenne', 'max', 'source'])
        .where('capteur_id', '=', capteurId)
        .where('jour', '>=', days[0] as string)
        .where('jour', '<=', days[days.length - 1] as string)
        .execute();
      const byDay = new Map(stored.map((r) => [r.jour, r]));
      const inserts: Array<Database['archive_jour']> = [];
      for (const v of values) {
        const row = byDay.get(v.jour);
        if (page.grandeur === 'QmnJ') {
          if (!row) {
            inserts.push({
              capteur_id: capteurId,
              jour: v.jour,
              moyenne: v.valeur,
              min: null,
              max: null,
              source: 'hubeau-elab',
              n: null,
            });
            result.nouveaux++;
            written.add(capteurId);
          } else if (row.source === 'demo') {
            result.gardesDemo++;
          } else if (row.source === 'hubeau-elab' && row.moyenne === v.valeur) {
            result.inchanges++;
          } else {
            await trx
              .updateTable('archive_jour')
              .set({ moyenne: v.valeur, source: 'hubeau-elab', n: null })
              .where('capteur_id', '=', capteurId)
              .where('jour', '=', v.jour)
              .execute();
            result.modifies++;
            changed.add(capteurId);
            written.add(capteurId);
          }
        } else if (!row) {
          result.sansMoyenne++;
        } else if (row.max === v.valeur) {
          result.inchanges++;
        } else {
          await trx
            .updateTable('archive_jour')
            .set({ max: v.valeur })
            .where('capteur_id', '=', capteurId)
            .where('jour', '=', v.jour)
            .execute();
          if (row.max === null) result.nouveaux++;
          else result.modifies++;
        }
      }
      for (let i = 0; i < inserts.length; i += CHUNK) {
        await trx
          .insertInto('archive_jour')
          .values(inserts.slice(i, i + CHUNK))
          .execute();
      }
    }
    const standings = page.standings.map((s) => ({
      code_station: s.code,
      grandeur: page.grandeur,
      dernier_jour: s.dernier_jour,
      historique_complet: s.historique_complet,
      maj_le: page.now,
    }));
    for (let i = 0; i < standings.length; i += CHUNK) {
      await trx
        .insertInto('hubeau_elab_reprise')
        .values(standings.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(['code_station', 'grandeur']).doUpdateSet((eb) => ({
            dernier_jour: eb.ref('excluded.dernier_jour'),
            historique_complet: eb.ref('excluded.historique_complet'),
            maj_le: eb.ref('excluded.maj_le'),
          })),
        )
        .execute();
    }
  });
  result.capteursModifies = [...changed];
  result.capteursEcrits = [...written];
  return result;
}
