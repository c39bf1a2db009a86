/**
 * What the entity screen shows of its places: their states at the data "now" (`entite/{id}/lieux`), the verdicts
 * of the chosen activity on the last day of the data, the alerts; then the rows of the list (upstream →
 * downstream), the map's points, outline, extent and the legend of the colours present (docs/decisions/043).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { EntiteDetail } from '@limni/shared/contracts/hydro';
import {
  entiteAlertesQuery,
  entiteDaterangeQuery,
  entiteLieuxQuery,
  verdictEntiteQuery,
} from '../../api/entite';
import { activitesQuery } from '../../api/hydro';
import { lieuHref } from '../../api/search';
import { COLOR_NO_DATA, COLOR_WITH_DATA } from '../../components/colors';
import { furthestFromNormal } from '@limni/shared/domain/climatologie';
import { VERDICT_COLORS, VERDICT_KEYS } from '../../components/hydro/colors';
import { classeColor, type ModeCouleur, useClasseLegend } from '../../components/hydro/ColourMode';
import { extentOf, toGeometry } from '../../components/hydro/geo';
import type { MapPoint } from '../../components/map/map-types';
import { formatValue } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useEntiteMessages } from './messages';
import type { PlaceRowData } from './PlaceRow';

export function useEntitePlaces(entite: EntiteDetail, ida: number, mode: ModeCouleur = 'etat') {
  const m = useEntiteMessages();
  const t = useT();
  const classeLegend = useClasseLegend();
  const lieux = useQuery(entiteLieuxQuery(entite.id));
  const range = useQuery(entiteDaterangeQuery(entite.id));
  const alertes = useQuery(entiteAlertesQuery(entite.id));
  const activites = useQuery(activitesQuery());
  const verdictDate = range.data ? range.data.jour_fin : undefined;
  const verdicts = useQuery({
    ...verdictEntiteQuery(ida, entite.id, verdictDate ?? null),
    enabled: verdictDate !== undefined,
  });
  const activite = activites.data?.find((a) => a.id === ida);

  const rows = useMemo<PlaceRowData[]>(() => {
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
        verdict: v ? { verdict: v.verdict, raison: v.raison } : null,
        episode: episodes.get(l.id),
      };
    });
  }, [entite.lieux, lieux.data, verdicts.data]);

  const outline = useMemo(() => toGeometry(entite.geometry), [entite.geometry]);
  const points = useMemo<MapPoint[]>(() => {
    const coords = new Map(entite.lieux.map((l) => [l.id, l]));
    return rows.flatMap((r) => {
      const l = coords.get(r.id);
      if (!l) return [];
      const h = r.capteurs.find((c) => c.valeur !== null);
      // The place's situation: the class of its up-to-date readings, furthest from normal (docs/decisions/100).
      const classe = furthestFromNormal(
        r.capteurs.filter((c) => c.fraicheur === 'a_jour').map((c) => c.classe),
      );
      const color =
        mode === 'normale'
          ? classeColor(classe)
          : r.verdict && r.verdict.verdict !== 'inconnu'
            ? VERDICT_COLORS[r.verdict.verdict]
            : h
              ? COLOR_WITH_DATA
              : COLOR_NO_DATA;
      const detail = [
        h ? formatValue(h.valeur, h.unite) : null,
        mode === 'normale'
          ? `${t('classe.titre')} : ${t(classe ? `classe.${classe}` : 'classe.aucune')}`
          : r.verdict
            ? `${activite?.nom ?? ''} : ${t(VERDICT_KEYS[r.verdict.verdict])}`
            : null,
      ]
        .filter(Boolean)
        .join(' · ');
      return [
        {
          id: r.id,
          lat: l.lat_gps,
          lon: l.lon_gps,
          label: r.nom,
          detail,
          color,
          shape: entite.type === 'L' ? 'lake' : 'river',
          href: lieuHref(r.id, ida),
        } satisfies MapPoint,
      ];
    });
  }, [rows, entite.lieux, entite.type, ida, activite?.nom, t, mode]);
  const bbox = useMemo(
    () =>
      extentOf(
        entite.lieux.map((l) => ({ lat: l.lat_gps, lon: l.lon_gps })),
        outline,
      ) ??
      (entite.lat !== null && entite.lon !== null ? extentOf([{ lat: entite.lat, lon: entite.lon }]) : null),
    [entite.lieux, entite.lat, entite.lon, outline],
  );

  const legend = useMemo(() => {
    if (mode === 'normale') return classeLegend;
    const present = new Set(points.map((p) => p.color));
    const entries: { color: string; label: string }[] = [];
    for (const v of ['praticable', 'trop bas', 'trop haut', 'déconseillé'] as const) {
      if (present.has(VERDICT_COLORS[v])) {
        entries.push({ color: VERDICT_COLORS[v], label: t(VERDICT_KEYS[v]) });
      }
    }
    if (present.has(COLOR_WITH_DATA)) entries.push({ color: COLOR_WITH_DATA, label: m('legendeMesure') });
    if (present.has(COLOR_NO_DATA)) entries.push({ color: COLOR_NO_DATA, label: m('legendeSansMesure') });
    return entries;
  }, [points, t, m, mode, classeLegend]);

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
