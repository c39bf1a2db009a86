/**
 * Why a place shows no reading, in this dataset (docs/decisions/144): the demo holds recorded readings for a few places
 * only; live, its station has sent none yet. Then the nearest place with readings — upstream or downstream on its
 * river, elsewhere on its water body, or nearby — with its distance and its latest reading's date.
 */
import { Link } from 'react-router';
import type { LieuDetail, VoisinAvecObservations } from '@limni/shared/contracts/hydro';
import { useDataClock, useServiceLive } from '../../../../api/health';
import { lieuHref } from '../../../../api/search';
import { formatLongDate, formatNumber } from '../../../../lib/format';
import { useLieuMessages } from '../../messages';

/** The coverage sentence of a place that has a station but no reading; null for a place without a station. */
export function SansObservationsTexte({ lieu }: { lieu: LieuDetail }) {
  const m = useLieuMessages();
  const live = useServiceLive();
  const clock = useDataClock({ tick: false });
  const s = lieu.sans_mesures;
  if (!s || lieu.capteurs.length === 0 || (!live && !clock.ready)) return null;
  const counts = { n: formatNumber(s.lieux_avec_mesures), total: formatNumber(s.lieux) };
  return (
    <p>
      {live
        ? m('aucuneDonneeTexte', counts)
        : m('aucuneDonneeDemoTexte', { ...counts, date: formatLongDate(clock.now) })}
    </p>
  );
}

function formatKm(km: number): string {
  return `${formatNumber(km, km < 10 ? 1 : 0)}\u00a0km`;
}

/** The nearest place with readings, as a link; nothing when none is near. */
export function VoisinAvecObservationsLien({
  voisin,
  ida,
}: {
  voisin: VoisinAvecObservations | null;
  ida: number;
}) {
  const m = useLieuMessages();
  if (!voisin) return null;
  return (
    <p className="mt-2">
      {m(`voisinMesures_${voisin.relation}`, { entite: voisin.entite.nom })}{' '}
      <Link className="link font-semibold underline" to={lieuHref(voisin.id, ida)}>
        {voisin.libelle}
      </Link>
      {', '}
      {m('voisinMesuresDetail', {
        km: formatKm(voisin.distance_km),
        date: formatLongDate(voisin.derniere_mesure),
      })}
    </p>
  );
}
