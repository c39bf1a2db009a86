/**
 * One activity (spec §2, inferred from `activites/type-{ida}`): what it is, where it is practised, and today's
 * verdict at each place — "today" being the latest day of the data, named on the page — on a map and as a list
 * grouped by lake or river, with the indicative-thresholds caveat.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ActiviteDetail, LieuActivite, Verdict, VerdictEntite } from '@limni/shared/contracts/activites';
import { VERDICTS } from '@limni/shared/domain/verdict';
import { activiteQuery } from '../../api/activites';
import { verdictEntiteQuery } from '../../api/entite';
import { activitesQuery, mapsQuery } from '../../api/hydro';
import { ActivityIcon } from '../../components/hydro/ActivityIcon';
import { VERDICT_COLORS } from '../../components/hydro/colors';
import type { MapPoint } from '../../components/map/MapView';
import { Spinner } from '../../components/Spinner';
import { VerdictChip, VigilanceChip } from '../../components/ui/Chips';
import { EmptyState, ErrorState, SkeletonBlock } from '../../components/ui/States';
import { ApiError } from '../../lib/api';
import { formatDateTime, formatLongDate, formatNumber, formatValue } from '../../lib/format';
import { useT } from '../../lib/i18n';
import type { MessageKey } from '../../i18n/fr';
import { plural } from '../../lib/plural';
import { usePageTitle } from '../../lib/usePageTitle';
import { useActivitesMessages } from './messages';

const MapView = lazy(() => import('../../components/map/MapView'));

type LigneVerdict = VerdictEntite['lieux'][number];

const VERDICT_KEYS: Record<Verdict, MessageKey> = {
  'trop bas': 'verdict.tropBas',
  praticable: 'verdict.praticable',
  'trop haut': 'verdict.tropHaut',
  déconseillé: 'verdict.deconseille',
  inconnu: 'verdict.inconnu',
};

function parseIda(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/** Noon of a Paris day "YYYY-MM-DD", for formatting it as a date. */
function dayMs(day: string): number {
  return Date.parse(`${day}T12:00:00Z`);
}

function SeuilsText({ l }: { l: LieuActivite | undefined }) {
  const m = useActivitesMessages();
  const s = l?.seuils[0];
  if (!s) return null;
  const bas = s.seuil_bas !== null ? formatValue(s.seuil_bas, s.unite) : null;
  const haut = s.seuil_haut !== null ? formatValue(s.seuil_haut, s.unite) : null;
  const text =
    bas && haut
      ? m('seuils', { bas, haut })
      : bas
        ? m('seuilBas', { v: bas })
        : haut
          ? m('seuilHaut', { v: haut })
          : null;
  return text ? <span className="text-xs text-muted">{text}</span> : null;
}

function Detail({ activite, ida }: { activite: ActiviteDetail; ida: number }) {
  const m = useActivitesMessages();
  const t = useT();
  const navigate = useNavigate();
  const [now] = useState(() => Date.now());
  const maps = useQuery(mapsQuery());
  const verdicts = useQueries({
    queries: activite.entites.map((e) => verdictEntiteQuery(ida, e.id, null)),
  });
  const lieuxById = useMemo(() => new Map(activite.lieux.map((l) => [l.id, l])), [activite.lieux]);
  const typeById = useMemo(() => new Map(activite.entites.map((e) => [e.id, e.type])), [activite.entites]);

  /** Only the places where the activity is practised (the entity answer lists all its places). */
  const lignesDe = (q: (typeof verdicts)[number] | undefined): LigneVerdict[] =>
    (q?.data?.lieux ?? []).filter((l) => lieuxById.has(l.lieu.id));
  const lignes: LigneVerdict[] = verdicts.flatMap((q) => lignesDe(q));
  const loaded = verdicts.filter((q) => q.data);
  const ref = loaded.reduce<VerdictEntite | null>(
    (best, q) => (q.data && (!best || q.data.instant > best.instant) ? q.data : best),
    null,
  );
  const loading = verdicts.some((q) => q.isPending);

  const counts = new Map<Verdict, number>();
  for (const l of lignes) counts.set(l.verdict, (counts.get(l.verdict) ?? 0) + 1);

  const points: MapPoint[] = lignes.flatMap((l) => {
    const lieu = lieuxById.get(l.lieu.id);
    if (!lieu) return [];
    return [
      {
        id: l.lieu.id,
        lat: lieu.lat_gps,
        lon: lieu.lon_gps,
        label: l.lieu.libelle,
        detail: `${t(VERDICT_KEYS[l.verdict])}${l.mesure ? ` · ${formatValue(l.mesure.valeur, l.mesure.unite)}` : ''}`,
        color: VERDICT_COLORS[l.verdict],
        shape: typeById.get(l.lieu.entite_id) === 'L' ? 'lake' : 'river',
        href: `/lieu/${l.lieu.id}/a-${ida}`,
      },
    ];
  });
  const bbox = useMemo<[number, number, number, number] | null>(() => {
    if (activite.lieux.length === 0) return null;
    const lons = activite.lieux.map((l) => l.lon_gps);
    const lats = activite.lieux.map((l) => l.lat_gps);
    return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
  }, [activite.lieux]);

  if (activite.entites.length === 0) {
    return (
      <div className="mt-8">
        <EmptyState title={m('aucunLieu')} />
      </div>
    );
  }

  return (
    <>
      <section aria-labelledby="avis-date" className="mt-8">
        <h2 id="avis-date" className="text-2xl font-bold">
          {ref ? m('avisDu', { date: formatLongDate(dayMs(ref.date)) }) : m('ouSePratique')}
        </h2>
        {ref && (
          <p className="mt-1 text-muted">
            {m('avisDuTexte', { instant: formatDateTime(ref.instant) })}
            {now - ref.instant > 2 * 86_400_000 && ` ${m('donneesAnciennes')}`}
          </p>
        )}
        <p
          role="note"
          className="mt-4 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <span aria-hidden="true">⚠ </span>
          {activite.avertissement}
        </p>
        {lignes.length > 0 && (
          <ul aria-label={m('resume')} className="mt-4 flex flex-wrap gap-2">
            {VERDICTS.filter((v) => counts.get(v)).map((v) => (
              <li key={v} className="inline-flex items-center gap-2">
                <VerdictChip verdict={v} />
                <span className="text-sm font-medium tabular-nums">× {counts.get(v)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="md:order-2">
          <div className="h-80 overflow-hidden rounded-xl border border-line md:sticky md:top-20 md:h-[32rem]">
            <Suspense fallback={<Spinner />}>
              <MapView
                points={points}
                bbox={bbox}
                label={m('carte', { activite: activite.nom })}
                tileUrl={maps.data?.tuiles?.url ?? null}
                onNavigate={(href) => void navigate(href)}
                openLabel={(label) => label}
              />
            </Suspense>
          </div>
          <div className="mt-2">
            <ul aria-label={m('legende')} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {VERDICTS.map((v) => (
                <li key={v} className="inline-flex items-center gap-1.5">
                  <span
                    aria-hidden="true"
                    className="inline-block h-3 w-3 rounded-full border border-white shadow"
                    style={{ background: VERDICT_COLORS[v] }}
                  />
                  {t(VERDICT_KEYS[v])}
                </li>
              ))}
            </ul>
          </div>
        </div>

        <section aria-labelledby="avis-liste" className="md:order-1">
          <h2 id="avis-liste" className="text-xl font-semibold">
            {m('liste')}
          </h2>
          {loading && lignes.length === 0 && <SkeletonBlock lines={6} label={m('chargementAvis')} />}
          <div className="mt-3 space-y-4">
            {activite.entites.map((e, i) => {
              const q = verdicts[i];
              return (
                <section key={e.id} aria-labelledby={`entite-${e.id}`} className="card !p-0">
                  <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-line px-4 py-3">
                    <h3 id={`entite-${e.id}`} className="text-lg font-semibold">
                      {e.nom}
                    </h3>
                    <Link
                      to={`/entite/${e.id}/liste/activite/${ida}`}
                      className="link inline-flex min-h-11 items-center text-sm font-medium"
                    >
                      {m('voirEntite', { nom: e.nom })}
                    </Link>
                  </header>
                  {q?.isError ? (
                    <div className="p-4">
                      <ErrorState
                        message={m('avisIndisponibles', { nom: e.nom })}
                        onRetry={() => void q.refetch()}
                      />
                    </div>
                  ) : !q?.data ? (
                    <div className="px-4">
                      <SkeletonBlock lines={2} />
                    </div>
                  ) : (
                    <ul className="divide-y divide-line">
                      {lignesDe(q).map((l) => (
                        <li key={l.lieu.id} className="px-4 py-3">
                          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                            <Link to={`/lieu/${l.lieu.id}/a-${ida}`} className="link font-medium">
                              {l.lieu.libelle}
                            </Link>
                            <VerdictChip verdict={l.verdict} activite={activite.nom} />
                          </div>
                          <p className="mt-1 text-sm">
                            {l.mesure
                              ? m('mesure', { valeur: formatValue(l.mesure.valeur, l.mesure.unite) })
                              : m('sansMesure')}{' '}
                            <SeuilsText l={lieuxById.get(l.lieu.id)} />
                          </p>
                          <p className="text-sm text-muted">{l.raison}</p>
                          {l.vigilance && l.vigilance.niveau >= 2 && (
                            <p className="mt-1">
                              <VigilanceChip niveau={l.vigilance.niveau} />
                            </p>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
        </section>
      </div>
    </>
  );
}

export default function ActivitePage() {
  const m = useActivitesMessages();
  const params = useParams();
  const ida = parseIda(params.ida);
  const activite = useQuery({ ...activiteQuery(ida ?? 0), enabled: ida !== null });
  const toutes = useQuery(activitesQuery());
  const chips = useRef<HTMLUListElement>(null);
  // On a phone the chips scroll sideways: bring the current activity into view.
  useEffect(() => {
    const list = chips.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [ida, toutes.data]);
  const notFound = ida === null || (activite.error instanceof ApiError && activite.error.status === 404);
  usePageTitle(notFound ? m('introuvable') : activite.data?.nom);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <nav aria-label={m('autres')} className="mb-6">
        <ul ref={chips} className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
          <li className="shrink-0">
            <Link to="/activites" className="chip">
              {m('toutes')}
            </Link>
          </li>
          {(toutes.data ?? []).map((a) => (
            <li key={a.id} className="shrink-0">
              <Link
                to={`/activite/${a.id}`}
                className={`chip ${a.id === ida ? 'chip-active' : ''}`}
                aria-current={a.id === ida ? 'page' : undefined}
              >
                <ActivityIcon icone={a.icone} className="h-4 w-4" />
                {a.nom}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {notFound ? (
        <section className="py-8 text-center">
          <h1 className="text-2xl font-semibold">{m('introuvable')}</h1>
          <p className="mt-3 text-muted">{m('introuvableTexte')}</p>
          <Link to="/activites" className="btn-secondary mt-6">
            {m('toutes')}
          </Link>
        </section>
      ) : activite.isPending ? (
        <SkeletonBlock lines={8} />
      ) : activite.isError ? (
        <ErrorState onRetry={() => void activite.refetch()} />
      ) : (
        <>
          <div className="flex items-center gap-4">
            <span className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-sky-50 text-brand dark:bg-white/10 dark:text-sky-200">
              <ActivityIcon icone={activite.data.icone} className="h-8 w-8" />
            </span>
            <h1 className="text-3xl font-bold tracking-tight text-brand md:text-4xl dark:text-sky-200">
              {activite.data.nom}
            </h1>
          </div>
          <p className="mt-3 max-w-3xl text-lg text-muted">{activite.data.description}</p>
          <p className="mt-2 font-medium">
            {m('pratiquee', {
              lieux: m(plural(activite.data.lieux.length, 'lieux'), {
                n: formatNumber(activite.data.lieux.length),
              }),
              entites: m(plural(activite.data.entites.length, 'entites'), {
                n: formatNumber(activite.data.entites.length),
              }),
            })}
          </p>
          <Detail activite={activite.data} ida={ida ?? 0} />
        </>
      )}
    </div>
  );
}
