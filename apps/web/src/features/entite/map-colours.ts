/**
 * How the entity and stretch maps colour their places (docs/decisions/100, 145): by the activity's verdict (then a
 * reading without a verdict, then no reading), or by the situation against the usual range; the words of each
 * marker's popup, and the legend of the colours on the map.
 */
import { useCallback, useMemo } from 'react';
import { furthestFromNormal } from '@limni/shared/domain/climatologie';
import { COLOR_NO_DATA, COLOR_WITH_DATA } from '../hydro';
import { VERDICT_COLORS, VERDICT_KEYS } from '../hydro';
import { classeColor, type ModeCouleur, useClasseLegend } from '../hydro';
import type { MapPoint } from '../carte';
import { formatValue } from '../../lib/format';
import { useT, withColon } from '../../lib/i18n';
import { useEntiteMessages } from './messages';
import type { LieuRowData } from './components/LieuRow';

/** A place's marker colour and popup line in `mode` (`activiteNom`: the verdict's activity). */
export function useLieuColour(mode: ModeCouleur, activiteNom: string | undefined) {
  const t = useT();
  return useCallback(
    (r: Pick<LieuRowData, 'capteurs' | 'verdict'>): Pick<MapPoint, 'color' | 'detail'> => {
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
          ? `${withColon(t('classe.titre'))} ${t(classe ? `classe.${classe}` : 'classe.aucune')}`
          : r.verdict
            ? `${withColon(activiteNom ?? '')} ${t(VERDICT_KEYS[r.verdict.verdict])}`
            : null,
      ]
        .filter(Boolean)
        .join(' · ');
      return { color, detail };
    },
    [mode, activiteNom, t],
  );
}

/** The legend of the colours present on the map (every class in the « normale » mode). */
export function useMapLegend(
  points: readonly MapPoint[],
  mode: ModeCouleur,
): Array<{ color: string; label: string }> {
  const m = useEntiteMessages();
  const t = useT();
  const classeLegend = useClasseLegend();
  return useMemo(() => {
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
}
