/**
 * Everything `/api/hydro/lieu/:id/*` answers, one method per route: the service reads through the repositories
 * (`lieu.repo.ts`, `data/*.repo.ts`), shapes with the pure functions of `lieu-series.ts`, and keeps the series
 * bodies in `data/series-cache.ts` (docs/decisions/013). A request goes routes → service → repositories or cache,
 * and back; nothing calls back up (docs/decisions/063).
 */
import type {
  Alerte,
  ChroniqueHoraire,
  DateRange,
  GraphOptions,
  Lieu7j,
  LieuDetail,
  LieuDonnees,
  LieuEtat,
  LieuPrevisions,
  LieuWebcam,
  SansObservations,
} from '@limni/shared/contracts/hydro';
import { voisinAvecObservations } from '@limni/shared/domain/couverture';
import { addDays, parisDayRange, parisDaysRange } from '@limni/shared/domain/time';
import type { AppDeps } from '../../deps';
import { alertesFor } from '../../data/alertes.repo';
import { couverture, lieuSurEau } from '../../data/couverture.repo';
import { toDateRange } from '../../data/date-range';
import { capteurStatesAt, dataNowOfLieu, pastInstant } from '../../data/observations';
import { bulletinValideA } from '../../data/vigilance';
import { instantConsulte, stopAtInstant } from '../../lib/instant-scope';
import { serviceModeOf } from '../../data/service-mode';
import { interruptionAtSeam, liveSeam } from '../../data/live-seam';
import { observationsBetween } from '../../data/observations.repo';
import { capteursVersion, SeriesBodyCache, VersionMemo, type CachedBody } from '../../data/series-cache';
import { notFound } from '../../http/errors';
import { chroniqueSerie, graphSeries, graphSeuils, serieDonnees, statsJours } from './lieu-series';
import * as repo from './lieu.repo';
import type { LieuCapteur } from './lieu.repo';
import { infosPratiquesIn } from '@limni/shared/domain/infos-pratiques';
import { fiabilite } from '@limni/shared/domain/fiabilite';
import type { Langue } from '../../http/langue';
import { inconnu } from '../../http/messages';

const lieuInconnu = (id: number) => notFound(inconnu('lieu', id));

/** The sensors of a place and their data version (the stamp of its cached series bodies). */
interface LieuVersion {
  capteurs: LieuCapteur[];
  version: string;
}

export class LieuService {
  private readonly db;
  /** The sensors of each place with their data version, memoised (at most 1 s, dropped on local writes). */
  private readonly versions = new VersionMemo<LieuVersion | null>();

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'env' | 'now'>,
    private readonly cache: SeriesBodyCache = new SeriesBodyCache(),
  ) {
    this.db = deps.db.db;
  }

  private async capteursOr404(id: number): Promise<LieuCapteur[]> {
    const capteurs = await repo.lieuCapteurs(this.db, id);
    if (!capteurs) throw lieuInconnu(id);
    return capteurs;
  }

  async detail(id: number, langue: Langue = 'fr'): Promise<LieuDetail> {
    const stored = await repo.getLieu(this.db, id, instantConsulte());
    if (!stored) throw lieuInconnu(id);
    const found = await this.tronconAtPastInstant(stored);
    const lieu = found.a_des_mesures ? found : { ...found, sans_mesures: await this.sansMesures(id) };
    return langue === 'fr'
      ? lieu
      : { ...lieu, infos_pratiques: infosPratiquesIn(lieu.infos_pratiques, langue) };
  }

  /**
   * At a past instant (a replay's, docs/decisions/142, or the one consulted, 152) the tronçon's vigilance is the bulletin
   * valid then (null: none known for that date), not the latest one.
   */
  private async tronconAtPastInstant(lieu: LieuDetail): Promise<LieuDetail> {
    if (!lieu.troncon) return lieu;
    // The instant consulted (`?t=`, docs/decisions/152) is every dataset's; a replay's, the main dataset's only.
    const instant = lieu.episode
      ? instantConsulte()
      : await pastInstant(this.db, serviceModeOf(this.deps), this.deps.now);
    if (instant === null) return lieu;
    const bulletin = await bulletinValideA(this.db, lieu.troncon.id, instant);
    return {
      ...lieu,
      troncon: { ...lieu.troncon, niveau: bulletin?.niveau ?? null, niveau_ts: bulletin?.ts ?? null },
    };
  }

  /** A place without readings: how many places have some, and the nearest of them (docs/decisions/144). */
  private async sansMesures(id: number): Promise<SansObservations | null> {
    const [position, { avecObservations, lieux }] = await Promise.all([
      lieuSurEau(this.db, id),
      couverture(this.db),
    ]);
    if (!position) return null;
    const v = voisinAvecObservations(position, avecObservations);
    return {
      lieux_avec_mesures: avecObservations.length,
      lieux,
      voisin: v && {
        id: v.lieu.id,
        libelle: v.lieu.libelle,
        entite: { id: v.lieu.entite_id, nom: v.lieu.entite_nom, type: v.lieu.entite_type },
        relation: v.relation,
        distance_km: Math.round(v.distance_km * 10) / 10,
        derniere_mesure: v.lieu.derniere_mesure,
      },
    };
  }

  /** First and last observation over every sensor of the place, and the break between archive and live readings. */
  async dateRange(id: number): Promise<DateRange> {
    const capteurs = await this.capteursOr404(id);
    const debuts = capteurs.map((c) => c.premier_ts).filter((t): t is number => t !== null);
    const fins = capteurs.map((c) => c.dernier_ts).filter((t): t is number => t !== null);
    // At an instant consulted (docs/decisions/152), nothing after it exists yet.
    const consulte = instantConsulte();
    const fin = fins.length ? Math.max(...fins) : null;
    const range = toDateRange(
      debuts.length ? Math.min(...debuts) : null,
      fin !== null && consulte !== null ? Math.min(fin, consulte) : fin,
    );
    const seam = await liveSeam(serviceModeOf(this.deps));
    const interruption = await interruptionAtSeam(
      this.db,
      capteurs.map((c) => c.id),
      seam,
    );
    return interruption ? { ...range, interruption } : range;
  }

  /** Alerts on the place, its tronçon and its entity. */
  async alertes(id: number): Promise<Alerte[]> {
    const scopes = await repo.lieuScopes(this.db, id);
    if (!scopes) throw lieuInconnu(id);
    const now = await dataNowOfLieu(this.db, serviceModeOf(this.deps), this.deps.now, id);
    return alertesFor(
      this.db,
      {
        lieu: [id],
        entite: [scopes.entite_id],
        troncon: scopes.troncon_id === null ? [] : [scopes.troncon_id],
      },
      now,
    );
  }

  async webcam(id: number): Promise<LieuWebcam> {
    const w = await repo.lieuWebcam(this.db, id);
    if (!w) throw lieuInconnu(id);
    return w;
  }

  /**
   * The latest forecast run of each sensor published at the data "now" (the instant consulted, docs/decisions/152),
   * and how good the sensor's earlier forecasts were against what was then observed.
   */
  async previsions(id: number): Promise<LieuPrevisions> {
    const capteurs = await this.capteursOr404(id);
    const consulte = instantConsulte();
    const now = await dataNowOfLieu(this.db, serviceModeOf(this.deps), this.deps.now, id);
    const series = await repo.latestPrevisions(this.db, capteurs, consulte);
    const withRuns = capteurs.filter((c) => series.some((s) => s.capteur_id === c.id));
    const skill = await Promise.all(
      withRuns.map(async (c) => {
        const { runs, observations } = await repo.previsionsPassees(this.db, c.id, now);
        return {
          capteur_id: c.id,
          grandeur: c.grandeur,
          unite: c.unite,
          fiabilite: fiabilite(runs, observations, now),
        };
      }),
    );
    return { lieu_id: id, series, fiabilite: skill };
  }

  /** The state of each sensor at the end of a Paris day (or at the data "now" when earlier). */
  async etat(id: number, date: string): Promise<LieuEtat> {
    await this.capteursOr404(id);
    const now = await dataNowOfLieu(this.db, serviceModeOf(this.deps), this.deps.now, id);
    const instant = Math.min(parisDayRange(date).end - 1, now);
    return { lieu_id: id, date, instant, capteurs: await capteurStatesAt(this.db, [id], instant, instant) };
  }

  /** Min / max / mean of each sensor for each of the 7 Paris days ending with `date`. */
  async septJours(id: number, date: string): Promise<Lieu7j> {
    const capteurs = await this.capteursOr404(id);
    const jours = Array.from({ length: 7 }, (_, i) => addDays(date, i - 6));
    const bounds = jours.map((j) => parisDayRange(j));
    const start = (bounds[0] as { start: number }).start;
    const end = stopAtInstant((bounds[6] as { end: number }).end);
    const ends = bounds.map((b) => b.end);
    const out = await Promise.all(
      capteurs.map(async (c) =>
        statsJours(c, await observationsBetween(this.db, c.id, start, end), jours, ends),
      ),
    );
    return { lieu_id: id, date, jours, capteurs: out };
  }

  /** The observations of each sensor over the `nb` days ending with `date` (cached body). */
  donnees(id: number, date: string, nb: number): Promise<CachedBody> {
    return this.cachedSeries('d', id, date, nb, async (capteurs, to): Promise<LieuDonnees> => {
      const { start, end } = parisDaysRange(date, nb);
      const series = await Promise.all(
        capteurs.map(async (c) => serieDonnees(c, await observationsBetween(this.db, c.id, start, to))),
      );
      return { lieu_id: id, date, nb, debut: start, fin: end, series };
    });
  }

  /** The hourly chronicle of each sensor over the `nb` days ending with `date` (cached body). */
  chronique(id: number, date: string, nb: number): Promise<CachedBody> {
    return this.cachedSeries('c-h', id, date, nb, async (capteurs, to): Promise<ChroniqueHoraire> => {
      const { start } = parisDaysRange(date, nb);
      const series = await Promise.all(
        capteurs.map(async (c) => chroniqueSerie(c, await observationsBetween(this.db, c.id, start, to))),
      );
      return { lieu_id: id, date, nb, series };
    });
  }

  /**
   * What the chart needs: series (colour, French label, y range), the thresholds of an activity at this place,
   * whether forecasts exist. An unknown activity is a 404.
   */
  async graphOptions(
    id: number,
    date: string,
    nb: number,
    activiteId?: number,
    langue: Langue = 'fr',
  ): Promise<GraphOptions> {
    const capteurs = await this.capteursOr404(id);
    const { start, end } = parisDaysRange(date, nb);
    const ids = capteurs.map((c) => c.id);
    const [extrema, act, previsions] = await Promise.all([
      repo.extremaBetween(this.db, ids, start, stopAtInstant(end)),
      activiteId === undefined ? undefined : repo.activiteSeuils(this.db, activiteId, id),
      repo.hasPrevisions(this.db, ids, start, instantConsulte()),
    ]);
    if (act === null) throw notFound(inconnu('activite', activiteId));
    const seuils = graphSeuils(act, capteurs, langue);
    return {
      lieu_id: id,
      date,
      nb,
      debut: start,
      fin: end,
      series: graphSeries(capteurs, extrema, seuils),
      activite: act ? act.activite : null,
      seuils,
      previsions,
    };
  }

  /** The place's sensors and their data version: memoised, else read (concurrent reads of a place share one). */
  private lieuVersion(id: number): Promise<LieuVersion | null> {
    return (
      this.versions.get(id) ??
      this.versions.set(
        id,
        repo
          .lieuCapteurs(this.db, id)
          .then((capteurs) => capteurs && { capteurs, version: capteursVersion(capteurs) }),
      )
    );
  }

  /**
   * A series body: the cached one when the place's data version is unchanged, else the computation already under
   * way for it, else a new one (serialised and stored with its ETag).
   */
  private async cachedSeries(
    kind: 'd' | 'c-h',
    id: number,
    date: string,
    nb: number,
    compute: (capteurs: LieuCapteur[], to: number) => Promise<LieuDonnees | ChroniqueHoraire>,
  ): Promise<CachedBody> {
    const v = await this.lieuVersion(id);
    if (!v) throw lieuInconnu(id);
    // At an instant consulted inside the period, the series stops there (docs/decisions/152): its own body.
    const { end } = parisDaysRange(date, nb);
    const to = stopAtInstant(end);
    const key = `${kind}|${id}|${date}|${nb}|${to === end ? '' : to}`;
    return (
      this.cache.get(key, v.version) ??
      this.cache.pending(key, v.version) ??
      this.cache.share(
        key,
        v.version,
        compute(v.capteurs, to).then((body) => this.cache.set(key, v.version, JSON.stringify(body))),
      )
    );
  }
}
