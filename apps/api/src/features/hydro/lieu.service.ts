/**
 * Series of a place computed from its readings: the period data (LTTB above 2,000 points), the hourly chronicle,
 * the 7-day statistics and the chart options. Days are Europe/Paris calendar days.
 */
import type { Kysely } from 'kysely';
import type {
  ChroniqueHoraire,
  GraphOptions,
  Lieu7j,
  LieuDonnees,
  SerieDonnees,
} from '@limni/shared/contracts/hydro';
import { chroniqueHoraire } from '@limni/shared/domain/chronique';
import { lttbIndices, MAX_POINTS } from '@limni/shared/domain/lttb';
import {
  SERIE_STYLES,
  SEUIL_STYLES,
  serieLibelle,
  yRange,
  type SeuilType,
} from '@limni/shared/domain/series';
import { addDays, parisDayRange, parisDaysRange } from '@limni/shared/domain/time';
import type { Database } from '../../db/schema';
import {
  activiteSeuils,
  extremaBetween,
  hasPrevisions,
  readingsBetween,
  type LieuCapteur,
} from './lieu.repo';

/** The readings of each sensor over the `nb` days ending with `date`, downsampled beyond MAX_POINTS. */
export async function lieuDonnees(
  db: Kysely<Database>,
  lieuId: number,
  capteurs: readonly LieuCapteur[],
  date: string,
  nb: number,
): Promise<LieuDonnees> {
  const { start, end } = parisDaysRange(date, nb);
  const series = await Promise.all(
    capteurs.map(async (c): Promise<SerieDonnees> => {
      const rows = await readingsBetween(db, c.id, start, end);
      const ts = rows.map((r) => r.ts);
      const valeur = rows.map((r) => r.valeur);
      const sous = rows.length > MAX_POINTS;
      const keep = sous ? lttbIndices(ts, valeur, MAX_POINTS) : null;
      return {
        capteur_id: c.id,
        grandeur: c.grandeur,
        unite: c.unite,
        libelle: c.libelle,
        pas_min: c.pas_min,
        nb_brut: rows.length,
        nb_renvoye: keep ? keep.length : rows.length,
        sous_echantillonne: sous,
        ts: keep ? keep.map((i) => ts[i] as number) : ts,
        valeur: keep ? keep.map((i) => valeur[i] as number) : valeur,
        statut: keep ? keep.map((i) => rows[i]?.statut ?? null) : rows.map((r) => r.statut),
      };
    }),
  );
  return { lieu_id: lieuId, date, nb, debut: start, fin: end, series };
}

/** Hourly chronicle rows of each sensor over the `nb` days ending with `date` (domain/chronique.ts). */
export async function lieuChronique(
  db: Kysely<Database>,
  lieuId: number,
  capteurs: readonly LieuCapteur[],
  date: string,
  nb: number,
): Promise<ChroniqueHoraire> {
  const { start, end } = parisDaysRange(date, nb);
  const series = await Promise.all(
    capteurs.map(async (c) => ({
      capteur_id: c.id,
      grandeur: c.grandeur,
      unite: c.unite,
      libelle: c.libelle,
      lignes: chroniqueHoraire(await readingsBetween(db, c.id, start, end), c.unite),
    })),
  );
  return { lieu_id: lieuId, date, nb, series };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Min / max / arithmetic mean of each sensor for each of the 7 Paris days ending with `date`. */
export async function lieu7j(
  db: Kysely<Database>,
  lieuId: number,
  capteurs: readonly LieuCapteur[],
  date: string,
): Promise<Lieu7j> {
  const jours = Array.from({ length: 7 }, (_, i) => addDays(date, i - 6));
  const bounds = jours.map((j) => parisDayRange(j));
  const first = bounds[0] as { start: number };
  const last = bounds[6] as { end: number };
  const out = await Promise.all(
    capteurs.map(async (c) => {
      const rows = await readingsBetween(db, c.id, first.start, last.end);
      let k = 0;
      const stats = jours.map((jour, d) => {
        const { end } = bounds[d] as { end: number };
        let min = Infinity;
        let max = -Infinity;
        let sum = 0;
        let n = 0;
        for (; k < rows.length && (rows[k] as { ts: number }).ts < end; k++) {
          const v = (rows[k] as { valeur: number }).valeur;
          if (v < min) min = v;
          if (v > max) max = v;
          sum += v;
          n++;
        }
        return n === 0
          ? { date: jour, min: null, max: null, moyenne: null, nb: 0 }
          : { date: jour, min, max, moyenne: round3(sum / n), nb: n };
      });
      return { capteur_id: c.id, grandeur: c.grandeur, unite: c.unite, libelle: c.libelle, jours: stats };
    }),
  );
  return { lieu_id: lieuId, date, jours, capteurs: out };
}

const fmtSeuil = (v: number, unite: string) =>
  `${v.toLocaleString('fr-FR', { maximumFractionDigits: 3 })} ${unite}`;

/**
 * What the chart needs: series (colour, French label, y range), the thresholds of an activity at this place,
 * whether forecasts exist. `activiteId` unknown → null (the route answers 404).
 */
export async function graphOptions(
  db: Kysely<Database>,
  lieuId: number,
  capteurs: readonly LieuCapteur[],
  date: string,
  nb: number,
  activiteId: number | undefined,
): Promise<GraphOptions | null> {
  const { start, end } = parisDaysRange(date, nb);
  const ids = capteurs.map((c) => c.id);
  const [extrema, act, previsions] = await Promise.all([
    extremaBetween(db, ids, start, end),
    activiteId === undefined ? Promise.resolve(undefined) : activiteSeuils(db, activiteId, lieuId),
    hasPrevisions(db, ids, start),
  ]);
  if (act === null) return null;
  const uniteOf = new Map(capteurs.map((c) => [c.grandeur, c.unite]));
  const seuils: GraphOptions['seuils'] = [];
  for (const s of act?.seuils ?? []) {
    const unite = uniteOf.get(s.grandeur);
    // A threshold on a quantity the place does not measure cannot be drawn.
    if (!act || unite === undefined) continue;
    for (const [type, valeur] of [
      ['bas', s.seuil_bas],
      ['haut', s.seuil_haut],
    ] as Array<[SeuilType, number | null]>) {
      if (valeur === null) continue;
      const style = SEUIL_STYLES[type];
      seuils.push({
        grandeur: s.grandeur,
        type,
        valeur,
        libelle: `${style.nom} ${act.activite.nom.toLowerCase()} : ${fmtSeuil(valeur, unite)}${s.indicatif ? ' (indicatif)' : ''}`,
        couleur: style.couleur,
        tirets: style.tirets,
        activite_id: act.activite.id,
        indicatif: s.indicatif === 1,
        texte: s.texte,
      });
    }
  }
  return {
    lieu_id: lieuId,
    date,
    nb,
    debut: start,
    fin: end,
    series: capteurs.map((c) => {
      const e = extrema.get(c.id);
      return {
        capteur_id: c.id,
        grandeur: c.grandeur,
        unite: c.unite,
        libelle: serieLibelle(c.libelle, c.grandeur, c.unite),
        couleur: SERIE_STYLES[c.grandeur].couleur,
        y: e
          ? yRange(
              c.grandeur,
              e.min,
              e.max,
              seuils.filter((s) => s.grandeur === c.grandeur).map((s) => s.valeur),
            )
          : null,
      };
    }),
    activite: act ? act.activite : null,
    seuils,
    previsions,
  };
}
