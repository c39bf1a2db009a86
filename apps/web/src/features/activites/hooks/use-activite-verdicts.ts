/**
 * Today's verdicts of an activity at each place where it is practised: one `activites/type-{ida}/entite-{id}`
 * request per lake or river (its answer lists all its places; only the activity's are kept), the most recent
 * reference instant among them, the count per verdict, and the map's points and extent.
 */
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ActiviteDetail, Verdict, VerdictEntite } from '@limni/shared/contracts/activites';
import { verdictEntiteQuery } from '../../../api/entite';
import { lieuHref } from '../../../api/search';
import { VERDICT_COLORS, VERDICT_KEYS } from '../../hydro';
import type { MapPoint } from '../../carte';
import { formatValue } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

export type LigneVerdict = VerdictEntite['lieux'][number];

/** What the summary counts: each verdict, and apart from « inconnu » the places with no opinion (ADR 141). */
export type VerdictCompte = Verdict | 'sans avis';

/** How many places get each verdict; a place whose thresholds lack the history for an opinion counts as « sans avis ». */
export function compteVerdicts(
  lignes: readonly Pick<LigneVerdict, 'verdict' | 'fondement'>[],
): Map<VerdictCompte, number> {
  const counts = new Map<VerdictCompte, number>();
  for (const l of lignes) {
    const k: VerdictCompte = l.fondement?.kind === 'historique_insuffisant' ? 'sans avis' : l.verdict;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

export function useActiviteVerdicts(activite: ActiviteDetail, ida: number) {
  const t = useT();
  const verdicts = useQueries({
    queries: activite.entites.map((e) => verdictEntiteQuery(ida, e.id, null)),
  });
  const lieuxById = useMemo(() => new Map(activite.lieux.map((l) => [l.id, l])), [activite.lieux]);
  const typeById = useMemo(() => new Map(activite.entites.map((e) => [e.id, e.type])), [activite.entites]);

  /** Only the places where the activity is practised (the entity answer lists all its places). */
  const lignesDe = (q: (typeof verdicts)[number] | undefined): LigneVerdict[] =>
    (q?.data?.lieux ?? []).filter((l) => lieuxById.has(l.lieu.id));
  const lignes: LigneVerdict[] = verdicts.flatMap((q) => lignesDe(q));
  const reference = verdicts.reduce<VerdictEntite | null>(
    (best, q) => (q.data && (!best || q.data.instant > best.instant) ? q.data : best),
    null,
  );

  const counts = compteVerdicts(lignes);

  const points: MapPoint[] = lignes.flatMap((l) => {
    const lieu = lieuxById.get(l.lieu.id);
    if (!lieu) return [];
    return [
      {
        id: l.lieu.id,
        lat: lieu.lat_gps,
        lon: lieu.lon_gps,
        label: l.lieu.libelle,
        detail: `${t(l.fondement?.kind === 'historique_insuffisant' ? 'verdict.sansAvis' : VERDICT_KEYS[l.verdict])}${l.mesure ? ` · ${formatValue(l.mesure.valeur, l.mesure.unite)}` : ''}`,
        color: VERDICT_COLORS[l.verdict],
        shape: typeById.get(l.lieu.entite_id) === 'L' ? 'lake' : 'river',
        href: lieuHref(l.lieu.id, ida),
      },
    ];
  });
  const bbox = useMemo<[number, number, number, number] | null>(() => {
    if (activite.lieux.length === 0) return null;
    const lons = activite.lieux.map((l) => l.lon_gps);
    const lats = activite.lieux.map((l) => l.lat_gps);
    return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
  }, [activite.lieux]);

  return {
    verdicts,
    lieuxById,
    lignesDe,
    lignes,
    /** The answer with the most recent reference instant: the day the page speaks of. */
    reference,
    loading: verdicts.some((q) => q.isPending),
    counts,
    points,
    bbox,
  };
}

export type ActiviteVerdicts = ReturnType<typeof useActiviteVerdicts>;
