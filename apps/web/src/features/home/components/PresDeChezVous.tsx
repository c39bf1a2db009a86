/**
 * "Près de chez vous": the measuring places nearest to the person's position. Candidates are the lakes and rivers
 * whose reference point is nearest and those of the same départements (`hydro/index`); their places
 * (`hydro/entite/{id}`, small answers kept in the query cache) are then ranked by distance.
 * The position never leaves the browser.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { distanceKm } from '@limni/shared/domain/couverture';
import { entiteQuery } from '../../../api/entite';
import { indexQuery } from '../../../api/hydro';
import { lieuHref } from '../../../api/search';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/** Lakes and rivers whose reference point is nearest, then those of the same départements, up to the maximum. */
const NEAREST_POINTS = 6;
const MAX_CANDIDATES = 24;
const SHOWN = 5;

function formatKm(km: number): string {
  return km < 10 ? `${formatNumber(km, 1)}\u00a0km` : `${formatNumber(km)}\u00a0km`;
}

export default function PresDeChezVous({ lat, lon }: { lat: number; lon: number }) {
  const t = useT();
  const index = useQuery(indexQuery());
  const candidates = useMemo(() => {
    const all = (index.data ?? []).filter((e) => e.nb_lieux > 0);
    const byPoint = all
      .filter((e) => e.lat !== null && e.lon !== null)
      .map((e) => ({ e, d: distanceKm(lat, lon, e.lat as number, e.lon as number) }))
      .sort((a, b) => a.d - b.d)
      .map((x) => x.e);
    // A river's reference point can be far from where it passes: the départements of the nearest reference
    // points (weighted by rank) bring in every lake and river of the area.
    const votes = new Map<string, number>();
    byPoint.slice(0, 5).forEach((e, rank) => {
      for (const d of e.departements) votes.set(d.code, (votes.get(d.code) ?? 0) + 5 - rank);
    });
    const area = new Set(
      [...votes.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([code]) => code),
    );
    const inArea = byPoint.filter((e) => e.departements.some((d) => area.has(d.code)));
    return [...new Set([...byPoint.slice(0, NEAREST_POINTS), ...inArea])].slice(0, MAX_CANDIDATES);
  }, [index.data, lat, lon]);
  const details = useQueries({ queries: candidates.map((e) => entiteQuery(e.id)) });
  const loading = index.isPending || details.some((q) => q.isPending);
  const lieux = details
    .flatMap((q) => (q.data ? q.data.lieux.map((l) => ({ l, entite: q.data.nom })) : []))
    .map((x) => ({ ...x, d: distanceKm(lat, lon, x.l.lat_gps, x.l.lon_gps) }))
    // Places with readings first, then the nearest.
    .sort((a, b) => Number(b.l.a_des_mesures) - Number(a.l.a_des_mesures) || a.d - b.d)
    .slice(0, SHOWN)
    .sort((a, b) => a.d - b.d);

  if (index.isError) return <p className="mt-2 text-muted">{t('commun.erreur')}</p>;
  if (loading && lieux.length === 0) {
    return (
      <p role="status" className="mt-2 text-muted">
        {t('commun.chargement')}
      </p>
    );
  }
  return (
    <ul aria-label={t('home.presListe')} className="mt-2 divide-y divide-line">
      {lieux.map(({ l, entite, d }) => (
        <li key={l.id}>
          <Link
            to={lieuHref(l.id)}
            className="flex min-h-12 items-center justify-between gap-3 py-2 hover:bg-sky-50/60 dark:hover:bg-white/5"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium text-brand dark:text-sky-200">{l.libelle}</span>
              <span className="block truncate text-sm text-muted">
                {entite}
                {!l.a_des_mesures && ` · ${t('home.presSansMesure')}`}
              </span>
            </span>
            <span className="shrink-0 text-sm font-medium tabular-nums">{formatKm(d)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
