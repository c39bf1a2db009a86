/**
 * Where a day sits in a place's history (docs/decisions/087): the stored band (climatology precomputed at load and
 * when the archive grows, ADR 086), the class and rank of the day's archived value, the records, last year's value;
 * and years of daily values from the archive (LTTB above 2,000 points). Never computes a climatology per request.
 */
import type { Interruption, LieuDonnees } from '@limni/shared/contracts/hydro';
import type {
  ArchivePeriode,
  BandeJour,
  MaximaAnnuels,
  NormalesLieu,
} from '@limni/shared/contracts/historique';
import {
  classify,
  MIN_YEARS,
  oneYearEarlier,
  raisonIn,
  rankPercent,
} from '@limni/shared/domain/climatologie';
import { plusHautsMaxima, rangAnnuel } from '@limni/shared/domain/maxima-annuels';
import { origineArchiveIn } from '@limni/shared/domain/sources';
import { addDays, parisDay, parisDayRange } from '@limni/shared/domain/time';
import type { AppDeps } from '../../deps';
import { archiveDaysBetween } from '../../data/archive.repo';
import { interruptionAtSeam, liveSeam } from '../../data/live-seam';
import { pastInstant } from '../../data/observations';
import { SeriesBodyCache, VersionMemo, type CachedBody } from '../../data/series-cache';
import { serviceModeOf, type ServiceMode } from '../../data/service-mode';
import { notFound } from '../../http/errors';
import { serieDonnees } from './lieu-series';
import * as repo from './historique.repo';
import type { CapteurWithClimatology } from './historique.repo';
import type { Langue } from '../../http/langue';
import { inconnu } from '../../http/messages';

const lieuInconnu = (id: number) => notFound(inconnu('lieu', id));

const longDateFormats = {
  fr: new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }),
  en: new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }),
};
/** « 1er janvier 2022 » (French writes the first of a month as an ordinal), « January 1, 2022 ». */
const longDates = {
  fr: { format: (ts: number) => longDateFormats.fr.format(ts).replace(/^1 /, '1er ') },
  en: longDateFormats.en,
};

/** The sensor whose history describes the place: the one with the longest archive, else its daily flow, else any. */
function historyCapteur(capteurs: readonly CapteurWithClimatology[]): CapteurWithClimatology | null {
  const withArchive = capteurs
    .filter((s) => s.nb_jours !== null)
    .sort((a, b) => (b.nb_jours ?? 0) - (a.nb_jours ?? 0));
  return withArchive[0] ?? capteurs.find((s) => s.grandeur === 'Q') ?? capteurs[0] ?? null;
}

/**
 * Why a sensor without an archive has no band, naming the span of what Limni holds — in two parts when its archive
 * and its live readings are apart (docs/decisions/138).
 */
function noArchiveReason(
  s: CapteurWithClimatology | null,
  interruption: Interruption | null,
  langue: Langue,
): string {
  if (langue === 'en') {
    const base = `No usual range: it takes at least ${MIN_YEARS} complete years of daily values`;
    if (!s || s.premier_ts === null || s.dernier_ts === null) {
      return `${base}, and Limni has no reading for this place.`;
    }
    const d = longDates.en;
    return interruption
      ? `${base}, and Limni only has this place's readings from ${d.format(s.premier_ts)} to ${d.format(interruption.du)}, then from ${d.format(interruption.au)} to ${d.format(s.dernier_ts)}.`
      : `${base}, and Limni only has this place's readings from ${d.format(s.premier_ts)} to ${d.format(s.dernier_ts)}.`;
  }
  const d = longDates.fr;
  const base = `Pas de plage habituelle : il faut au moins ${MIN_YEARS} années complètes de valeurs journalières`;
  if (!s || s.premier_ts === null || s.dernier_ts === null) {
    return `${base}, et Limni n'a aucune mesure pour ce lieu.`;
  }
  return interruption
    ? `${base}, et Limni n'a pour ce lieu que les mesures du ${d.format(s.premier_ts)} au ${d.format(interruption.du)}, puis du ${d.format(interruption.au)} au ${d.format(s.dernier_ts)}.`
    : `${base}, et Limni n'a pour ce lieu que les mesures du ${d.format(s.premier_ts)} au ${d.format(s.dernier_ts)}.`;
}

/**
 * The annual maxima of a sensor's archive up to `date` (docs/decisions/140): the five highest with their days, and
 * the highest of `date`'s year up to that day with its rank among them.
 */
async function maximaAnnuels(
  db: AppDeps['db']['db'],
  capteurId: number,
  date: string,
): Promise<MaximaAnnuels | null> {
  const annee = Number(date.slice(0, 4));
  const cetteAnnee = await repo.highestBetween(db, capteurId, `${annee}-01-01`, date);
  // `date`'s year counts with its highest value up to that day, never with days after it.
  const maxima = (await repo.annualMaxima(db, capteurId))
    .filter((m) => m.annee < annee)
    .concat(cetteAnnee ? [{ annee, valeur: cetteAnnee.valeur }] : []);
  const first = maxima[0];
  if (!first) return null;
  const plusHauts = await Promise.all(
    plusHautsMaxima(maxima, 5).map(async (m) =>
      m.annee === annee
        ? cetteAnnee
        : repo.highestBetween(db, capteurId, `${m.annee}-01-01`, `${m.annee}-12-31`),
    ),
  );
  return {
    debut: first.annee,
    fin: (maxima[maxima.length - 1] ?? first).annee,
    nb_annees: maxima.length,
    plus_hauts: plusHauts.filter((m) => m !== null),
    annee: cetteAnnee
      ? { ...cetteAnnee, rang: rangAnnuel(cetteAnnee.valeur, annee, maxima), sur: maxima.length }
      : null,
  };
}

/**
 * The stamp of a place's history bodies: each sensor's data version and latest reading (as the series, ADR 013) and
 * when its climatology was last computed (a backfill or a completed year changes the band without a new reading).
 */
const historyVersion = (sensors: readonly CapteurWithClimatology[]) =>
  sensors.map((s) => `${s.id}:${s.donnees_version}:${s.dernier_ts}:${s.calcule_le}:${s.nb_jours}`).join(',');

export class HistoriqueService {
  private readonly db;
  /** A place's sensors with their climatology summary, memoised (at most 1 s, dropped on local writes). */
  private readonly sensorsMemo = new VersionMemo<CapteurWithClimatology[] | null>();

  private readonly mode: ServiceMode;
  private readonly now: () => number;

  constructor(
    deps: Pick<AppDeps, 'db' | 'env'> & Pick<Partial<AppDeps>, 'mode' | 'now'>,
    private readonly cache: SeriesBodyCache = new SeriesBodyCache(),
  ) {
    this.db = deps.db.db;
    this.mode = serviceModeOf(deps);
    this.now = deps.now ?? Date.now;
  }

  /**
   * The last day the data clock has seen end, when the archive may hold later ones: during a replay, the day before
   * the replay's instant (docs/decisions/142). The archive keeps the replayed days it held; a day not over at the
   * instant the screen shows is not a value yet. Null otherwise: live and demo archives end before their clock.
   */
  private async lastCompleteDay(): Promise<string | null> {
    const instant = await pastInstant(this.db, this.mode, this.now);
    return instant === null ? null : addDays(parisDay(instant), -1);
  }

  private sensorsOf(lieuId: number): Promise<CapteurWithClimatology[] | null> {
    return (
      this.sensorsMemo.get(lieuId) ??
      this.sensorsMemo.set(lieuId, repo.lieuCapteursWithClimatology(this.db, lieuId))
    );
  }

  /**
   * A history body, served from the series cache like the 7- and 30-day series (docs/decisions/087, 115): the cached
   * bytes while the place's history version is unchanged, else one computation shared by concurrent misses.
   */
  private async cached(
    key: string,
    lieuId: number,
    compute: (sensors: CapteurWithClimatology[], seam: number | null) => Promise<NormalesLieu | LieuDonnees>,
  ): Promise<CachedBody> {
    const capteurs = await this.sensorsOf(lieuId);
    if (!capteurs) throw lieuInconnu(lieuId);
    // The seam between archive and live readings moves once, when the service goes live: part of the stamp.
    const seam = await liveSeam(this.mode);
    const version = `${historyVersion(capteurs)}|${seam ?? ''}`;
    return (
      this.cache.get(key, version) ??
      this.cache.pending(key, version) ??
      this.cache.share(
        key,
        version,
        compute(capteurs, seam).then((body) => this.cache.set(key, version, JSON.stringify(body))),
      )
    );
  }

  /** The band, class, rank, records and last year's value of `date` (cached body). */
  async normales(lieuId: number, date: string, langue: Langue = 'fr'): Promise<CachedBody> {
    const complete = await this.lastCompleteDay();
    // The body carries a sentence: one cached body per language.
    return this.cached(`normales|${lieuId}|${date}|${langue}|${complete ?? ''}`, lieuId, (sensors, seam) =>
      this.computeNormales(lieuId, date, sensors, langue, seam, complete),
    );
  }

  /** Daily values of the archive over 1 or 5 years ending at `date`, or over all of it (cached body). */
  async archive(lieuId: number, date: string, annees: ArchivePeriode): Promise<CachedBody> {
    const complete = await this.lastCompleteDay();
    return this.cached(`archive|${lieuId}|${date}|${annees}|${complete ?? ''}`, lieuId, (sensors) =>
      this.computeArchive(lieuId, date, annees, sensors, complete),
    );
  }

  private async computeNormales(
    lieuId: number,
    date: string,
    sensors: readonly CapteurWithClimatology[],
    langue: Langue,
    seam: number | null,
    complete: string | null,
  ): Promise<NormalesLieu> {
    const s = historyCapteur(sensors);
    const anDernierJour = oneYearEarlier(date);
    const hasArchive = s !== null && s.nb_jours !== null;
    const rows = hasArchive && s.annee_debut !== null ? await repo.bandOf(this.db, s.id) : [];
    const bande: BandeJour[] = rows.map(({ valeurs_jour: _v, ...b }) => b);
    const bandRow = rows.find((r) => r.mmjj === date.slice(5));
    const over = complete === null || date <= complete;
    const valeur = hasArchive && over ? await repo.archiveValue(this.db, s.id, date) : null;
    const valeursJour = bandRow ? (JSON.parse(bandRow.valeurs_jour) as number[]) : [];
    const jourBande = bandRow ? (({ valeurs_jour: _v, ...b }) => b)(bandRow) : null;
    return {
      lieu_id: lieuId,
      date,
      capteur: s ? { capteur_id: s.id, grandeur: s.grandeur, unite: s.unite, libelle: s.libelle } : null,
      statistique: s?.statistique_jour ?? 'moyenne',
      origine: origineArchiveIn(s?.origine ?? null, langue),
      periode:
        s && s.annee_debut !== null && s.annee_fin !== null
          ? { debut: s.annee_debut, fin: s.annee_fin, nb_annees: s.nb_annees ?? 0 }
          : null,
      // The climatology stores its reason in French: written again in the asked language.
      raison: hasArchive
        ? raisonIn(s.raison, langue)
        : noArchiveReason(s, s ? await interruptionAtSeam(this.db, [s.id], seam) : null, langue),
      archive:
        s && s.premier_jour !== null && s.dernier_jour !== null
          ? { premier_jour: s.premier_jour, dernier_jour: s.dernier_jour, nb_jours: s.nb_jours ?? 0 }
          : null,
      records: {
        max:
          s && s.record_max !== null && s.record_max_jour !== null
            ? { valeur: s.record_max, jour: s.record_max_jour }
            : null,
        min:
          s && s.record_min !== null && s.record_min_jour !== null
            ? { valeur: s.record_min, jour: s.record_min_jour }
            : null,
      },
      maxima_annuels: hasArchive
        ? await maximaAnnuels(this.db, s.id, over ? date : (complete ?? date))
        : null,
      bande,
      jour: {
        valeur,
        bande: jourBande,
        classe: valeur !== null && jourBande ? classify(valeur, jourBande) : null,
        rang: valeur !== null ? rankPercent(valeur, valeursJour) : null,
        nb_valeurs_jour: valeursJour.length,
      },
      an_dernier: {
        jour: anDernierJour,
        valeur: hasArchive ? await repo.archiveValue(this.db, s.id, anDernierJour) : null,
      },
    };
  }

  private async computeArchive(
    lieuId: number,
    date: string,
    annees: ArchivePeriode,
    sensors: readonly CapteurWithClimatology[],
    complete: string | null,
  ): Promise<LieuDonnees> {
    const s = historyCapteur(sensors);
    const archived = s !== null && s.premier_jour !== null ? s : null;
    const du =
      annees === 'tout'
        ? (archived?.premier_jour ?? date)
        : addDays(
            `${Number(date.slice(0, 4)) - Number(annees)}${date.slice(4, 8)}${date.slice(5) === '02-29' ? '28' : date.slice(8)}`,
            1,
          );
    const debut = parisDayRange(du < date ? du : date).start;
    const fin = parisDayRange(date).end;
    const jusqua = complete !== null && complete < date ? complete : date;
    const days = archived && du <= jusqua ? await archiveDaysBetween(this.db, archived.id, du, jusqua) : [];
    const series = archived
      ? [
          serieDonnees(
            {
              ...archived,
              // An archive of daily maxima is drawn under that name, not the sensor's (docs/decisions/140).
              libelle:
                archived.statistique_jour === 'max' && archived.grandeur === 'H'
                  ? 'Hauteur maximale journalière'
                  : archived.libelle,
              source: 'archive',
              pas_min: 1440,
            },
            days.map((d) => ({
              ts: Date.parse(`${d.jour}T12:00:00Z`),
              valeur: d.moyenne,
              statut: null,
              qualification: null,
            })),
          ),
        ]
      : [];
    return { lieu_id: lieuId, date, nb: Math.round((fin - debut) / 86_400_000), debut, fin, series };
  }
}
