/**
 * What the entity screen shows of its places: their states at the data "now" (`entite/{id}/lieux`), the verdicts
 * of the chosen activity at that same instant, the alerts; then the rows of the list (upstream →
 * downstream), the map's points, outline, extent and the legend of the colours present (docs/decisions/043).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { EntiteDetail } from '@limni/shared/contracts/hydro';
import { entiteAlertesQuery, entiteLieuxQuery, verdictEntiteQuery } from '../../../api/entite';
import { activitesQuery } from '../../../api/hydro';
import { lieuHref } from '../../../api/search';
import type { ModeCouleur } from '../../hydro';
import { extentOf, toGeometry } from '../../hydro';
import type { MapPoint } from '../../carte';
import { useMapLegend, useLieuColour } from '../map-colours';
import { verdictRow, type LieuRowData } from '../components/LieuRow';

export function useEntiteLieux(entite: EntiteDetail, ida: number, mode: ModeCouleur = 'etat') {
  const lieux = useQuery(entiteLieuxQuery(entite.id));
  const alertes = useQuery(entiteAlertesQuery(entite.id));
  const activites = useQuery(activitesQuery());
  // At the data "now", the instant of the states above (« Situation au … »): a place whose data stopped years ago
  // is « Inconnu » with the date of its last value, never given the verdict of its last day as today's.
  const verdicts = useQuery(verdictEntiteQuery(ida, entite.id, null));
  const activite = activites.data?.find((a) => a.id === ida);

  const rows = useMemo<LieuRowData[]>(() => {
    const states = new Map((lieux.data?.lieux ?? []).map((l) => [l.id, l.capteurs]));
    const episodes = new Map((lieux.data?.lieux ?? []).map((l) => [l.id, l.episode]));
    const byLieu = new Map((verdicts.data?.lieux ?? []).map((v) => [v.lieu.id, v]));
    return entite.lieux.map((l) => {
      const v = byLieu.get(l.id);
      return {
        id: l.id,
        nom: l.nom,
        libelle: l.libelle,
        capteurs: states.get(l.id) ?? [],
        verdict: v ? verdictRow(v) : null,
        episode: episodes.get(l.id),
      };
    });
  }, [entite.lieux, lieux.data, verdicts.data]);

  const outline = useMemo(() => toGeometry(entite.geometry), [entite.geometry]);
  const colour = useLieuColour(mode, activite?.nom);
  const points = useMemo<MapPoint[]>(() => {
    const coords = new Map(entite.lieux.map((l) => [l.id, l]));
    return rows.flatMap((r) => {
      const l = coords.get(r.id);
      if (!l) return [];
      return [
        {
          id: r.id,
          lat: l.lat_gps,
          lon: l.lon_gps,
          label: r.nom,
          ...colour(r),
          shape: entite.type === 'L' ? 'lake' : 'river',
          href: lieuHref(r.id, ida),
        } satisfies MapPoint,
      ];
    });
  }, [rows, entite.lieux, entite.type, ida, colour]);
  const bbox = useMemo(
    () =>
      extentOf(
        entite.lieux.map((l) => ({ lat: l.lat_gps, lon: l.lon_gps })),
        outline,
      ) ??
      (entite.lat !== null && entite.lon !== null ? extentOf([{ lat: entite.lat, lon: entite.lon }]) : null),
    [entite.lieux, entite.lat, entite.lon, outline],
  );

  const legend = useMapLegend(points, mode);

  return {
    lieux,
    alertes,
    verdicts,
    activite,
    /** The activity of the address is not one of Limni's. */
    activiteInconnue: activites.isSuccess && !activite,
    rows,
    outline,
    points,
    bbox,
    legend,
  };
}
