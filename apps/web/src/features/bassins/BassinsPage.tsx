/**
 * "Bassins" (docs/requirements.md R3.8): the water agencies' basins with their extent on a small map of France, how many rivers,
 * lakes and measuring places each has, and a link to the chooser filtered on the basin.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Bassin } from '@limni/shared/contracts/hydro';
import { bassinsQuery, indexQuery, useVigilanceBulletin } from '../../api/hydro';
import { ErrorState, SkeletonBlock } from '../../components/ui/States';
import { Page } from '../../components/ui/Page';
import { nomBassin } from '../../lib/departement-nom';
import { formatNumber } from '../../lib/format';
import { plural } from '../../lib/plural';
import { usePageTitle } from '../../lib/use-page-title';
import { useBassinsMessages } from './messages';
import { LineIcon } from '../../components/ui/LineIcon';
import { ICON } from '../../components/ui/icons';

/** Frame and size of /geo/france.svg (apps/web/scripts/france-svg.ts). */
const FRAME = [-5.2, 41.3, 9.6, 51.2] as const;
const W = 400;
const H = 389;

interface Counts {
  R: number;
  L: number;
  lieux: number;
  lieuxObserves: number;
  vigilance: number;
}

function BassinThumb({ bassin, label, outside }: { bassin: Bassin; label: string; outside: string }) {
  const b = bassin.bbox;
  const inFrame = b !== null && b[0] >= FRAME[0] - 1 && b[2] <= FRAME[2] + 1 && b[1] >= FRAME[1] - 1;
  if (!b || !inFrame) {
    return (
      <div className="flex aspect-square w-24 shrink-0 items-center justify-center self-start rounded-lg bg-sky-50 p-2 text-center text-xs text-muted sm:w-28 dark:bg-white/10">
        {outside}
      </div>
    );
  }
  const x = (lon: number) => ((lon - FRAME[0]) / (FRAME[2] - FRAME[0])) * W;
  const y = (lat: number) => ((FRAME[3] - lat) / (FRAME[3] - FRAME[1])) * H;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={label}
      className="aspect-square w-24 shrink-0 self-start rounded-lg bg-sky-50 sm:w-28 dark:bg-white/10"
    >
      <image href="/geo/france.svg" width={W} height={H} />
      <rect
        x={x(b[0])}
        y={y(b[3])}
        width={Math.max(8, x(b[2]) - x(b[0]))}
        height={Math.max(8, y(b[1]) - y(b[3]))}
        fill="#1a6f93"
        fillOpacity="0.25"
        stroke="#0b4f6c"
        strokeWidth="5"
        rx="6"
      />
    </svg>
  );
}

export default function BassinsPage() {
  const m = useBassinsMessages();
  usePageTitle(m('titre'));
  const bassins = useQuery(bassinsQuery());
  const index = useQuery(indexQuery());
  const { courant } = useVigilanceBulletin();

  const counts = useMemo(() => {
    const map = new Map<string, Counts>();
    for (const e of index.data ?? []) {
      const c = map.get(e.bassin) ?? { R: 0, L: 0, lieux: 0, lieuxObserves: 0, vigilance: 0 };
      c[e.type] += 1;
      c.lieux += e.nb_lieux;
      c.lieuxObserves += e.nb_lieux_mesures;
      // Only a current bulletin is counted (docs/decisions/094).
      if (courant && e.vigilance !== null && e.vigilance >= 2) c.vigilance += 1;
      map.set(e.bassin, c);
    }
    return map;
  }, [index.data, courant]);

  const avec = (bassins.data ?? []).filter((b) => b.nb_entites > 0);
  const sans = (bassins.data ?? []).filter((b) => b.nb_entites === 0);
  const total = avec.reduce((s, b) => s + b.nb_entites, 0);

  return (
    <Page title={m('titre')} intro={m('intro')}>
      {bassins.isPending ? (
        <div className="mt-8">
          <SkeletonBlock lines={6} />
        </div>
      ) : bassins.isError ? (
        <div className="mt-8">
          <ErrorState onRetry={() => void bassins.refetch()} />
        </div>
      ) : (
        <>
          <p className="mt-4 font-medium">{m('total', { b: avec.length, n: formatNumber(total) })}</p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
            {avec.map((b) => {
              const c = counts.get(b.slug);
              return (
                <li key={b.slug} className="card flex gap-4">
                  <BassinThumb bassin={b} label={m('emprise', { nom: b.nom })} outside={m(b.territoire)} />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <h2 className="text-lg font-semibold leading-tight">{nomBassin(b)}</h2>
                    <p className="text-sm text-muted">{m(b.territoire)}</p>
                    {c ? (
                      <>
                        <p className="mt-2 text-sm">
                          {[
                            c.R > 0 ? m(plural(c.R, 'rivieres'), { n: formatNumber(c.R) }) : null,
                            c.L > 0 ? m(plural(c.L, 'lacs'), { n: formatNumber(c.L) }) : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </p>
                        <p className="text-sm text-muted">
                          {c.lieuxObserves > 0
                            ? m('lieux', { n: formatNumber(c.lieux), m: formatNumber(c.lieuxObserves) })
                            : m('lieuxSansMesure', { n: formatNumber(c.lieux) })}
                        </p>
                        {c.vigilance > 0 && (
                          <p className="mt-1 text-sm font-medium text-yellow-900 dark:text-yellow-200">
                            <LineIcon
                              d={ICON.attention}
                              size={16}
                              className="mr-1 inline-block shrink-0 align-[-3px]"
                            />
                            {m('vigilance', { n: c.vigilance })}
                          </p>
                        )}
                      </>
                    ) : index.isPending ? (
                      <SkeletonBlock lines={2} />
                    ) : null}
                    <Link
                      to={`/choisir/carte?bassin=${encodeURIComponent(b.slug)}`}
                      className="link mt-auto inline-flex min-h-11 items-center pt-2 font-semibold"
                      aria-label={m('choisirAria', { nom: b.nom })}
                    >
                      {m('choisir')}{' '}
                      <LineIcon
                        d={ICON.flecheDroite}
                        size={16}
                        className="ml-1 inline-block shrink-0 align-[-3px]"
                      />
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
          {sans.length > 0 && (
            <p className="mt-6 text-sm text-muted">
              {m('sansDonnees', { noms: sans.map((b) => b.nom).join(', ') })}
            </p>
          )}
        </>
      )}
    </Page>
  );
}
