/**
 * Carte: the place on the map, ringed and centred, with the other places of its lake or river (its neighbours),
 * named on the map with the towns, lakes and rivers around (docs/decisions/124).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import { entiteLieuxQuery, entiteQuery } from '../../../api/entite';
import { mapsQuery } from '../../../api/hydro';
import { lieuHref } from '../../../api/search';
import { COLOR_NO_DATA, COLOR_WITH_DATA } from '../../hydro';
import { extentOf, toGeometry } from '../../hydro';
import { LightMap } from '../../carte';
import type { MapPoint } from '../../carte';
import { ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { formatValue } from '../../../lib/format';
import { useLieuMessages } from '../messages';
import { VoisinsRiviere } from './VoisinsRiviere';

/** The map frames the place and its nearest neighbours (all the entity's places are drawn). */
const NEAREST = 4;

export default function CarteTab({ lieu, ida }: { lieu: LieuDetail; ida: number }) {
  const m = useLieuMessages();
  const navigate = useNavigate();
  const listId = useId();
  const etats = useQuery(entiteLieuxQuery(lieu.entite.id));
  const entite = useQuery(entiteQuery(lieu.entite.id));
  const maps = useQuery(mapsQuery());
  const lieux = useMemo(() => etats.data?.lieux ?? [], [etats.data]);
  const outline = useMemo(() => toGeometry(entite.data?.geometry), [entite.data]);

  const points = useMemo<MapPoint[]>(() => {
    const all = lieux.length ? lieux : [{ ...lieu, capteurs: [] }];
    return all.map((l) => {
      const h = l.capteurs.find((c) => c.valeur !== null);
      return {
        id: l.id,
        lat: l.lat_gps,
        lon: l.lon_gps,
        label: l.nom,
        detail: h ? formatValue(h.valeur, h.unite) : undefined,
        color: h ? COLOR_WITH_DATA : COLOR_NO_DATA,
        shape: lieu.entite.type === 'L' ? 'lake' : 'river',
        href: `${lieuHref(l.id, ida)}/carte`,
      };
    });
  }, [lieux, lieu, ida]);

  // Centred on the place: the extent of its nearest neighbours (and its lake), made even on both sides of it.
  const bbox = useMemo((): [number, number, number, number] | null => {
    const d = (p: { lat: number; lon: number }) => (p.lat - lieu.lat_gps) ** 2 + (p.lon - lieu.lon_gps) ** 2;
    const near = [...points].sort((a, b) => d(a) - d(b)).slice(0, NEAREST + 1);
    const ext = extentOf(near, lieu.entite.type === 'L' ? outline : null, 0.03);
    if (!ext) return null;
    const [west, south, east, north] = ext;
    const dx = Math.max(lieu.lon_gps - west, east - lieu.lon_gps);
    const dy = Math.max(lieu.lat_gps - south, north - lieu.lat_gps);
    return [lieu.lon_gps - dx, lieu.lat_gps - dy, lieu.lon_gps + dx, lieu.lat_gps + dy];
  }, [points, lieu, outline]);

  const voisins = lieux.filter((l) => l.id !== lieu.id);

  return (
    <div className="space-y-4">
      <div className="h-[60vh] min-h-72 overflow-hidden rounded-xl border border-line">
        {/* The map is this tab: choosing it is asking for MapLibre (ADR 118). */}
        <LightMap
          requested
          points={points}
          bbox={bbox}
          outline={outline}
          selectedId={lieu.id}
          pointNames
          label={m('carte', { nom: lieu.nom })}
          tileUrl={maps.data?.tuiles?.url ?? null}
          onNavigate={(href) => void navigate(href)}
          openLabel={(nom) => m('ouvrir', { nom })}
        />
      </div>
      <p className="text-sm text-muted">{m('carteLegende', { entite: lieu.entite.nom })}</p>
      {etats.isPending ? (
        <SkeletonBlock lines={3} />
      ) : etats.isError ? (
        <ErrorState onRetry={() => void etats.refetch()} />
      ) : (
        <>
          {lieu.entite.type === 'R' && etats.data && (
            <VoisinsRiviere lieuId={lieu.id} etats={etats.data} ida={ida} />
          )}
          {voisins.length > 0 && (
            <section aria-labelledby={listId}>
              <h2 id={listId} className="text-lg font-semibold">
                {m('voisins', { entite: lieu.entite.nom })}
              </h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {voisins.map((l) => (
                  <li key={l.id}>
                    <Link
                      className="chip hover:bg-sky-50 dark:hover:bg-white/5"
                      to={`${lieuHref(l.id, ida)}/carte`}
                    >
                      {l.nom}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
