/** Infos pratiques: the place's practical information (safe Markdown), coordinates, sensors and tronçon. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import { Markdown } from '../../../components/ui/Markdown';
import { EmptyState } from '../../../components/ui/States';
import { VigilanceChip } from '../../../components/ui/Chips';
import { formatLongDate, formatNumber } from '../../../lib/format';
import { Records } from '../donnees/components/Records';
import { useLieuMessages } from '../messages';
import { nomCapteur } from '../../../lib/capteur-nom';
import { libelleDepartement } from '../../../lib/departement-nom';

const SOURCES: Record<string, string> = {
  hubeau: "Hub'Eau",
  vigicrues: 'Vigicrues',
  ofev: 'OFEV / BAFU',
};

export default function InfosTab({ lieu, ida }: { lieu: LieuDetail; ida: number }) {
  const m = useLieuMessages();
  const lat = formatNumber(lieu.lat_gps, 5);
  const lon = formatNumber(lieu.lon_gps, 5);
  const osm = `https://www.openstreetmap.org/?mlat=${lieu.lat_gps}&mlon=${lieu.lon_gps}#map=14/${lieu.lat_gps}/${lieu.lon_gps}`;
  const rows: [string, ReactNode][] = [
    [
      m('coordonnees'),
      <>
        {m('coordonneesValeur', { lat, lon })} ·{' '}
        <a className="link underline" href={osm} rel="noopener noreferrer" target="_blank">
          {m('ouvrirCarte')}
        </a>
      </>,
    ],
  ];
  if (lieu.commune) rows.push([m('commune'), lieu.commune]);
  if (lieu.departement) rows.push([m('departement'), libelleDepartement(lieu.departement)]);
  if (lieu.code_station) rows.push([m('codeStation'), lieu.code_station]);
  if (lieu.altitude_zero !== null) rows.push([m('altitudeZero'), `${formatNumber(lieu.altitude_zero, 3)} m`]);
  if (lieu.surface_bv_km2 !== null) {
    rows.push([m('bassinVersant'), `${formatNumber(lieu.surface_bv_km2)} km²`]);
  }
  rows.push([
    m('troncon'),
    lieu.troncon ? (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Link className="link underline" to={`/entite-troncon/${lieu.troncon.id}/carte/activite/${ida}`}>
          {lieu.troncon.nom} ({lieu.troncon.code})
        </Link>
        <VigilanceChip niveau={lieu.troncon.niveau} ts={lieu.troncon.niveau_ts} />
      </span>
    ) : (
      m('aucunTroncon')
    ),
  ]);

  return (
    <div className="grid gap-6 md:grid-cols-2 md:items-start">
      <section aria-labelledby="infos-titre" className="card">
        <h2 id="infos-titre" className="mb-3 text-lg font-semibold">
          {m('infos')}
        </h2>
        {lieu.infos_pratiques?.trim() ? (
          <Markdown source={lieu.infos_pratiques} />
        ) : (
          <EmptyState title={m('infosVide')} />
        )}
      </section>
      <div className="space-y-6">
        <dl className="card grid gap-x-4 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-muted">{k}</dt>
              <dd className="mb-2 sm:mb-0">{v}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="capteurs-titre" className="card">
          <h2 id="capteurs-titre" className="mb-2 text-lg font-semibold">
            {m('capteurs')}
          </h2>
          {lieu.capteurs.length === 0 ? (
            <p className="text-muted">{m('aucuneStation')}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5">
              {lieu.capteurs.map((c) => {
                const source = SOURCES[c.source] ?? c.source;
                return (
                  <li key={c.id}>
                    {c.premier_ts !== null && c.dernier_ts !== null
                      ? m('capteurPeriode', {
                          libelle: nomCapteur(c.libelle),
                          unite: c.unite,
                          source,
                          pas: c.pas_min ?? '—',
                          debut: formatLongDate(c.premier_ts),
                          fin: formatLongDate(c.dernier_ts),
                        })
                      : m('capteurSansDonnee', { libelle: nomCapteur(c.libelle), unite: c.unite, source })}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <Records lieuId={lieu.id} />
      </div>
    </div>
  );
}
