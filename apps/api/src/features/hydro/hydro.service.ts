/**
 * Everything `/api/hydro/*` answers except places (`features/lieu`), one method per route: basins, maps,
 * the entity index, search terms, webcams, vigilance, entities and tronçons. Reads go through `hydro.repo.ts`
 * and the shared `data/` layer (docs/decisions/063).
 */
import type {
  Alerte,
  Bassin,
  DateRange,
  EntiteDetail,
  EntiteLieux,
  EtatCapteur,
  IndexItem,
  MapsConfig,
  RechercheTerms,
  TronconDetail,
  VigilanceResume,
  Webcam,
} from '@limni/shared/contracts/hydro';
import { furthestFromNormal } from '@limni/shared/domain/climatologie';
import { descriptionEntiteIn } from '@limni/shared/domain/infos-pratiques';
import type { AppDeps } from '../../deps';
import { alertesFor } from '../../data/alertes.repo';
import { episodesOfLieux } from '../../data/capteurs.repo';
import { capteurStatesAt, dataNow } from '../../data/observations';
import { bulletinsValidesA, bulletinValideA } from '../../data/vigilance';
import { instantConsulte } from '../../lib/instant-scope';
import { serviceModeOf } from '../../data/service-mode';
import { notFound } from '../../http/errors';
import type { Langue } from '../../http/langue';
import * as repo from './hydro.repo';
import { inconnu } from '../../http/messages';

/** Metropolitan France, [west, south, east, north]. */
export const FRANCE_BBOX: [number, number, number, number] = [-5.2, 41.3, 9.6, 51.2];

/** The offline outlines served by the web app (apps/web/public/geo), with their sources (README). */
export const COUCHES_FOND: MapsConfig['couches'] = [
  {
    id: 'departements',
    nom: 'Départements',
    url: '/geo/departements.geojson',
    rendu: 'fill',
    attribution: 'Départements : IGN / INSEE via france-geojson, Licence Ouverte / Etalab',
  },
  {
    id: 'lacs',
    nom: 'Lacs',
    url: '/geo/lakes.geojson',
    rendu: 'fill',
    attribution: 'Lacs : Natural Earth (domaine public)',
  },
  {
    id: 'rivieres',
    nom: 'Rivières',
    url: '/geo/rivers.geojson',
    rendu: 'line',
    attribution: 'Rivières : Natural Earth (domaine public)',
  },
];

/** Attribution of the configured raster tiles: OpenStreetMap's when they come from it, else a generic one. */
export function tileAttribution(url: string): string {
  return /openstreetmap|osm/i.test(url)
    ? '© les contributeurs d’OpenStreetMap'
    : '© fournisseur des tuiles (voir la configuration TILE_URL)';
}

const entiteInconnue = (id: number) => notFound(inconnu('entite', id));

export class HydroService {
  private readonly db;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'env' | 'now'>) {
    this.db = deps.db.db;
  }

  /** Map configuration: offline layers, optional tiles (TILE_URL), France's and each basin's extent. */
  async maps(): Promise<MapsConfig> {
    const tiles = this.deps.env.TILE_URL;
    return {
      couches: COUCHES_FOND,
      tuiles: tiles ? { url: tiles, attribution: tileAttribution(tiles) } : null,
      emprise: FRANCE_BBOX,
      bassins: await repo.bassinExtents(this.db),
    };
  }

  rechercheTerms(): Promise<RechercheTerms> {
    return repo.rechercheTerms(this.db);
  }

  webcams(): Promise<Webcam[]> {
    return repo.listWebcams(this.db);
  }

  /** A tronçon with its latest bulletin, or the one valid at the instant consulted (docs/decisions/152). */
  async troncon(id: number): Promise<TronconDetail> {
    const t = await repo.getTroncon(this.db, id);
    if (!t) throw notFound(inconnu('troncon', id));
    const instant = instantConsulte();
    if (instant === null) return t;
    const bulletin = await bulletinValideA(this.db, id, instant);
    return { ...t, niveau: bulletin?.niveau ?? null, niveau_ts: bulletin?.ts ?? null };
  }

  bassins(): Promise<Bassin[]> {
    return repo.listBassins(this.db);
  }

  /**
   * The entity index, with each entity's situation against the usual range (docs/decisions/100): the class of its
   * places' up-to-date readings at the data "now", furthest from normal. Only places with a band are read.
   */
  async index(): Promise<IndexItem[]> {
    const [items, banded, maintenant] = await Promise.all([
      repo.listIndex(this.db),
      repo.lieuxWithBand(this.db),
      dataNow(this.db, serviceModeOf(this.deps), this.deps.now),
    ]);
    if (banded.length === 0) return items;
    const etats = await capteurStatesAt(
      this.db,
      banded.map((b) => b.lieu_id),
      maintenant,
      maintenant,
    );
    const entiteOf = new Map(banded.map((b) => [b.lieu_id, b.entite_id]));
    const classes = new Map<number, Array<EtatCapteur['classe']>>();
    for (const e of etats) {
      if (e.fraicheur !== 'a_jour' || e.classe === null) continue;
      const entite = entiteOf.get(e.lieu_id);
      if (entite === undefined) continue;
      classes.set(entite, [...(classes.get(entite) ?? []), e.classe]);
    }
    return items.map((i) => ({ ...i, classe: furthestFromNormal(classes.get(i.id) ?? []) }));
  }

  /** Levels of every tronçon: latest bulletins, or those valid at the instant consulted (docs/decisions/152). */
  vigilance(): Promise<VigilanceResume> {
    const instant = instantConsulte();
    return repo.vigilanceResume(
      this.db,
      instant === null ? null : (ids) => bulletinsValidesA(this.db, ids, instant),
    );
  }

  /** A lake or river; its description (a lake's area) in `langue`. */
  async entite(id: number, langue: Langue = 'fr'): Promise<EntiteDetail> {
    const entite = await repo.getEntite(this.db, id);
    if (!entite) throw entiteInconnue(id);
    return langue === 'fr'
      ? entite
      : { ...entite, description: descriptionEntiteIn(entite.description, langue) };
  }

  async entiteDateRange(id: number): Promise<DateRange> {
    const r = await repo.entiteDateRange(this.db, id);
    if (!r) throw entiteInconnue(id);
    return r;
  }

  /** The entity's places with the state of each sensor at the data "now". */
  async entiteLieux(id: number): Promise<EntiteLieux> {
    const lieux = await repo.entiteLieuxRefs(this.db, id);
    if (!lieux) throw entiteInconnue(id);
    const maintenant = await dataNow(this.db, serviceModeOf(this.deps), this.deps.now);
    // Places of a recorded episode are judged at their episode's clock (docs/decisions/088).
    const episodes = await episodesOfLieux(
      this.db,
      lieux.map((l) => l.id),
    );
    const main = lieux.filter((l) => !episodes.has(l.id)).map((l) => l.id);
    const etats = await capteurStatesAt(this.db, main, maintenant, maintenant);
    const clocks = new Map<number, { code: string; libelle: string; maintenant: number }>();
    for (const [lieuId, ep] of episodes) {
      const at = await dataNow(this.db, serviceModeOf(this.deps), this.deps.now, ep.code);
      clocks.set(lieuId, { ...ep, maintenant: at });
      etats.push(...(await capteurStatesAt(this.db, [lieuId], at, at)));
    }
    return {
      entite_id: id,
      maintenant,
      lieux: lieux.map((l) => {
        const episode = clocks.get(l.id);
        const capteurs = etats.filter((e) => e.lieu_id === l.id);
        return episode ? { ...l, capteurs, episode } : { ...l, capteurs };
      }),
    };
  }

  /** Alerts on the entity, its tronçons and its places. */
  async entiteAlertes(id: number): Promise<Alerte[]> {
    const scopes = await repo.entiteAlerteScopes(this.db, id);
    if (!scopes) throw entiteInconnue(id);
    return alertesFor(this.db, scopes, await dataNow(this.db, serviceModeOf(this.deps), this.deps.now));
  }
}
