/**
 * The séries of a place shaped from its observations (pure: no I/O): the period data (LTTB above 2,000 points,
 * docs/decisions/011), the hourly chronicle (010), the 7-day statistics and the chart options (012). Days are
 * Europe/Paris calendar days.
 */
import type { ChroniqueHoraire, GraphOptions, Lieu7j, SerieDonnees } from '@limni/shared/contracts/hydro';
import { chroniqueHoraire } from '@limni/shared/domain/chronique';
import { lttbIndices, MAX_POINTS } from '@limni/shared/domain/lttb';
import { ACTIVITES_EN } from '@limni/shared/domain/activites-en';
import {
  SERIE_STYLES,
  SEUIL_STYLES,
  serieLibelle,
  yRange,
  type SeuilType,
} from '@limni/shared/domain/series';
import { ACTIVITES, texteSeuilIn } from '../../data/activite-seuils';
import type { Langue } from '../../http/langue';
import type { ObservationRow } from '../../data/observations.repo';
import type { ActiviteSeuils, LieuCapteur } from './lieu.repo';

/** One sensor's observations as drawn: downsampled with LTTB beyond MAX_POINTS. */
export function serieDonnees(c: LieuCapteur, rows: readonly ObservationRow[]): SerieDonnees {
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
    qualification: keep ? keep.map((i) => rows[i]?.qualification ?? null) : rows.map((r) => r.qualification),
  };
}

/** One sensor's hourly chronicle rows (domain/chronique.ts), each with its reading's status and qualification. */
export function chroniqueSerie(
  c: LieuCapteur,
  rows: readonly ObservationRow[],
): ChroniqueHoraire['series'][number] {
  const byTs = new Map(rows.map((r) => [r.ts, r]));
  return {
    capteur_id: c.id,
    grandeur: c.grandeur,
    unite: c.unite,
    libelle: c.libelle,
    lignes: chroniqueHoraire(rows, c.unite).map((l) => ({
      ...l,
      statut: byTs.get(l.ts)?.statut ?? null,
      qualification: byTs.get(l.ts)?.qualification ?? null,
    })),
  };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Min / max / arithmetic mean of one sensor for each day; `ends[d]` is the end of `jours[d]`, rows ascending. */
export function statsJours(
  c: LieuCapteur,
  rows: readonly ObservationRow[],
  jours: readonly string[],
  ends: readonly number[],
): Lieu7j['capteurs'][number] {
  let k = 0;
  const stats = jours.map((jour, d) => {
    const end = ends[d] as number;
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let n = 0;
    for (; k < rows.length && (rows[k] as ObservationRow).ts < end; k++) {
      const v = (rows[k] as ObservationRow).valeur;
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
}

const fmtSeuil = (v: number, unite: string, langue: Langue) =>
  `${v.toLocaleString(langue === 'en' ? 'en-US' : 'fr-FR', { maximumFractionDigits: 3 })} ${unite}`;

/** "Seuil haut pêche : 1,04 m (indicatif)", "High threshold, fishing: 1.04 m (indicative)". */
function libelleSeuil(
  type: SeuilType,
  activite: string,
  valeur: string,
  indicatif: boolean,
  langue: Langue,
): string {
  if (langue === 'fr') {
    return `${SEUIL_STYLES[type].nom} ${activite.toLowerCase()} : ${valeur}${indicatif ? ' (indicatif)' : ''}`;
  }
  const slug = ACTIVITES.find((a) => a.nom === activite)?.slug;
  const nom = (slug && ACTIVITES_EN[slug]?.nom) || activite;
  return `${type === 'haut' ? 'High' : 'Low'} threshold, ${nom.toLowerCase()}: ${valeur}${indicatif ? ' (indicative)' : ''}`;
}

/** The thresholds of an activity that can be drawn: those on a quantity the place measures. */
export function graphSeuils(
  act: ActiviteSeuils | undefined,
  capteurs: readonly LieuCapteur[],
  langue: Langue = 'fr',
): GraphOptions['seuils'] {
  if (!act) return [];
  const uniteOf = new Map(capteurs.map((c) => [c.grandeur, c.unite]));
  const seuils: GraphOptions['seuils'] = [];
  for (const s of act.seuils) {
    const unite = uniteOf.get(s.grandeur);
    if (unite === undefined) continue;
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
        libelle: libelleSeuil(
          type,
          act.activite.nom,
          fmtSeuil(valeur, unite, langue),
          s.indicatif === 1,
          langue,
        ),
        couleur: style.couleur,
        tirets: style.tirets,
        activite_id: act.activite.id,
        indicatif: s.indicatif === 1,
        texte: s.texte === null ? null : texteSeuilIn(s.texte, langue),
      });
    }
  }
  return seuils;
}

/** Each sensor's chart series: French label, colour, y range holding its values and its thresholds. */
export function graphSeries(
  capteurs: readonly LieuCapteur[],
  extrema: ReadonlyMap<number, { min: number | null; max: number | null }>,
  seuils: GraphOptions['seuils'],
): GraphOptions['series'] {
  return capteurs.map((c) => {
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
  });
}
