/**
 * What the embeddable widget shows (docs/decisions/123), read through the shared data layer: a place's latest value
 * (the first sensor with a value, H then Q then T, as the place page), its trend and freshness at the place's data
 * clock (docs/decisions/009, 088, 094), a sparkline of the readings before it, the class of a value against its
 * usual range (`EtatCapteur.classe`, docs/decisions/086, 087) and the verdict of a chosen activity (`data/verdicts`).
 */
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import type { Classe } from '@limni/shared/domain/climatologie';
import type { DataClock } from '@limni/shared/domain/clock';
import { lttbIndices } from '@limni/shared/domain/lttb';
import { bracketsToParentheses } from '@limni/shared/domain/names';
import { sourceNom } from '@limni/shared/domain/sources';
import { DAY_MS, HOUR_MS, parisDay } from '@limni/shared/domain/time';
import type { Verdict } from '@limni/shared/domain/verdict';
import type { AppDeps } from '../../deps';
import { bandsOn, climatologyPeriod } from '../../data/archive.repo';
import { capteurStatesAt, dataClockOf } from '../../data/observations';
import { serviceModeOf } from '../../data/service-mode';
import { observationsBetween } from '../../data/observations.repo';
import { maintenant, seuilsOf, verdictsAt } from '../../data/verdicts';
import { activiteNom } from '../../data/verdicts.repo';
import { notFound } from '../../http/errors';
import { capteurSources, embedEntite, embedLieu, embedLieuxOfEntite } from './embed.repo';
import { inconnu } from '../../http/messages';

/** Points drawn in the sparkline at most (LTTB keeps peaks, docs/decisions/011). */
export const SPARKLINE_POINTS = 80;

export interface WidgetValeur {
  capteur_id: number;
  libelle: string;
  grandeur: 'H' | 'Q' | 'T';
  unite: string;
  valeur: number;
  ts: number;
  pas_min: number | null;
  tendance: EtatCapteur['tendance'];
  variation_h: number | null;
  fraicheur: EtatCapteur['fraicheur'];
  source: string;
}

export interface WidgetSituation {
  capteur_id: number;
  classe: Classe;
  libelle: string;
  unite: string;
  grandeur: 'H' | 'Q' | 'T';
  valeur: number;
  ts: number;
  pas_min: number | null;
  /** The usual range of that calendar day (P25–P75, one year in two) and its reference years. */
  bas: number | null;
  haut: number | null;
  periode: { debut: number; fin: number } | null;
}

export interface WidgetLieu {
  id: number;
  titre: string;
  entite: { id: number; nom: string; type: 'R' | 'L' };
  clock: DataClock;
  /** The place has sensors (false: no station linked). */
  aStation: boolean;
  valeur: WidgetValeur | null;
  sparkline: { ts: number[]; valeur: number[]; debut: number; fin: number } | null;
  situation: WidgetSituation | null;
  /** `sans_avis`: the place's thresholds lack the history an opinion needs (docs/decisions/141). */
  verdict: {
    activite: { id: number; nom: string; slug: string };
    verdict: Verdict;
    sans_avis: boolean;
  } | null;
  activiteId: number | null;
}

export interface WidgetEntiteLieu {
  id: number;
  titre: string;
  clock: DataClock;
  valeur: WidgetValeur | null;
}

export interface WidgetEntite {
  id: number;
  nom: string;
  type: 'R' | 'L';
  lieux: WidgetEntiteLieu[];
}

const ORDER: Record<string, number> = { H: 0, Q: 1, T: 2 };

/** The value a place shows first: its first sensor with a value, H, then Q, then T (as the place page). */
function mainValue(etats: readonly EtatCapteur[], sources: ReadonlyMap<number, string>): WidgetValeur | null {
  const e = [...etats]
    .sort((a, b) => (ORDER[a.grandeur] ?? 9) - (ORDER[b.grandeur] ?? 9))
    .find((c) => c.valeur !== null && c.ts !== null);
  if (!e || e.valeur === null || e.ts === null) return null;
  return {
    capteur_id: e.capteur_id,
    libelle: e.libelle,
    grandeur: e.grandeur,
    unite: e.unite,
    valeur: e.valeur,
    ts: e.ts,
    pas_min: e.pas_min,
    tendance: e.tendance,
    variation_h: e.variation_h,
    fraicheur: e.fraicheur,
    source: sourceNom(sources.get(e.capteur_id) ?? ''),
  };
}

export class EmbedService {
  private readonly db;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'env' | 'now'>) {
    this.db = deps.db.db;
  }

  async lieu(id: number, activiteId: number | null): Promise<WidgetLieu> {
    const [lieu, activite] = await Promise.all([
      embedLieu(this.db, id),
      activiteId === null ? null : activiteNom(this.db, activiteId),
    ]);
    if (!lieu) throw notFound(inconnu('lieu', id));
    if (activite === undefined) throw notFound(inconnu('activite', activiteId));
    const clock = await dataClockOf(this.db, serviceModeOf(this.deps), this.deps.now, lieu.episode);
    const [etats, sources] = await Promise.all([
      capteurStatesAt(this.db, [id], clock.now, clock.now),
      capteurSources(this.db, [id]),
    ]);
    const valeur = mainValue(etats, sources);
    const [sparkline, situation, verdict] = await Promise.all([
      valeur ? this.sparkline(valeur) : null,
      this.situation(etats),
      activite ? this.verdict(lieu, activite, clock.now) : null,
    ]);
    return {
      id,
      titre: bracketsToParentheses(lieu.libelle),
      entite: { id: lieu.entite_id, nom: lieu.entite_nom, type: lieu.entite_type },
      clock,
      aStation: sources.size > 0,
      valeur,
      sparkline,
      situation,
      verdict,
      activiteId,
    };
  }

  /** The title of a place or river an oEmbed address names; a 404 when it does not exist. */
  async titre(kind: 'lieu' | 'entite', id: number): Promise<string> {
    if (kind === 'lieu') {
      const lieu = await embedLieu(this.db, id);
      if (!lieu) throw notFound(inconnu('lieu', id));
      return bracketsToParentheses(lieu.libelle);
    }
    const entite = await embedEntite(this.db, id);
    if (!entite) throw notFound(inconnu('entite', id));
    return entite.nom;
  }

  async entite(id: number): Promise<WidgetEntite> {
    const entite = await embedEntite(this.db, id);
    if (!entite) throw notFound(inconnu('entite', id));
    const lieux = await embedLieuxOfEntite(this.db, id);
    // One clock per dataset: the main one, and each recorded episode's (docs/decisions/088).
    const episodes = [...new Set(lieux.map((l) => l.episode))];
    const clocks = new Map(
      await Promise.all(
        episodes.map(
          async (ep) =>
            [ep, await dataClockOf(this.db, serviceModeOf(this.deps), this.deps.now, ep)] as const,
        ),
      ),
    );
    const sources = await capteurSources(
      this.db,
      lieux.map((l) => l.id),
    );
    const states = await Promise.all(
      episodes.map(async (ep) => {
        const clock = clocks.get(ep) as DataClock;
        const ids = lieux.filter((l) => l.episode === ep).map((l) => l.id);
        return capteurStatesAt(this.db, ids, clock.now, clock.now);
      }),
    );
    const etats = states.flat();
    return {
      ...entite,
      lieux: lieux.map((l) => ({
        id: l.id,
        titre: bracketsToParentheses(l.nom),
        clock: clocks.get(l.episode) as DataClock,
        valeur: mainValue(
          etats.filter((e) => e.lieu_id === l.id),
          sources,
        ),
      })),
    };
  }

  /** The readings of the 48 hours (30 days for daily means) ending with the value shown, LTTB-reduced. */
  private async sparkline(v: WidgetValeur): Promise<WidgetLieu['sparkline']> {
    const span = (v.pas_min ?? 0) >= 1440 ? 30 * DAY_MS : 48 * HOUR_MS;
    const rows = await observationsBetween(this.db, v.capteur_id, v.ts - span, v.ts + 1);
    if (rows.length < 2) return null;
    const ts = rows.map((r) => r.ts);
    const valeur = rows.map((r) => r.valeur);
    const keep = lttbIndices(ts, valeur, SPARKLINE_POINTS);
    return {
      ts: keep.map((i) => ts[i] as number),
      valeur: keep.map((i) => valeur[i] as number),
      debut: v.ts - span,
      fin: v.ts,
    };
  }

  /** The class of the first value that has one, with the usual range of its calendar day. */
  private async situation(etats: readonly EtatCapteur[]): Promise<WidgetSituation | null> {
    const e = [...etats]
      .sort((a, b) => (ORDER[a.grandeur] ?? 9) - (ORDER[b.grandeur] ?? 9))
      .find((c) => c.classe !== null && c.valeur !== null && c.ts !== null);
    if (!e || e.classe === null || e.valeur === null || e.ts === null) return null;
    const [bands, periode] = await Promise.all([
      bandsOn(this.db, [e.capteur_id], [parisDay(e.ts).slice(5)]),
      climatologyPeriod(this.db, e.capteur_id),
    ]);
    const band = bands[0];
    return {
      capteur_id: e.capteur_id,
      classe: e.classe,
      libelle: e.libelle,
      unite: e.unite,
      grandeur: e.grandeur,
      valeur: e.valeur,
      ts: e.ts,
      pas_min: e.pas_min,
      bas: band?.p25 ?? null,
      haut: band?.p75 ?? null,
      periode: periode ? { debut: periode.debut, fin: periode.fin } : null,
    };
  }

  /** The activity's verdict at the place's data "now" (the instant of the value shown, docs/decisions/016). */
  private async verdict(
    lieu: { id: number; troncon_id: number | null },
    activite: { id: number; nom: string; slug: string },
    nowMs: number,
  ): Promise<WidgetLieu['verdict']> {
    const seuils = await seuilsOf(this.db, activite.id, [lieu.id]);
    const v = (await verdictsAt(this.db, [lieu], seuils, maintenant(nowMs))).get(lieu.id);
    return v
      ? { activite, verdict: v.verdict, sans_avis: v.fondement?.kind === 'historique_insuffisant' }
      : null;
  }
}
