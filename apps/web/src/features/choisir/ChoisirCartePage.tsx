/**
 * "Choisir son lac, sa rivière" (spec §2, route choisir_carte): a map and a list of the index, filtered by type
 * (R, L or both), basin (remembered in localStorage `bassin`, or given by `?bassin=` from the basins page),
 * département ("tous" is ignored) and name; the name also finds places (`hydro/recherche-terms`). Markers are
 * coloured by state (vigilance, readings) with a legend. On a phone, the list and the map are two views of one
 * screen with a switch (docs/decisions/053).
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { IndexItem } from '@limni/shared/contracts/hydro';
import { ALL_DEPARTEMENTS, filterIndex, type TypeFilter } from '@limni/shared/domain/filters';
import { nameKey, withoutArticle } from '@limni/shared/domain/names';
import { bassinsQuery, indexQuery, mapsQuery } from '../../api/hydro';
import { DEFAULT_ACTIVITE, lieuHref, rechercheTermsQuery, searchTerms } from '../../api/search';
import { COLOR_NO_DATA, COLOR_WITH_DATA, VIGILANCE_COLORS } from '../../components/colors';
import type { MapPoint } from '../../components/map/MapView';
import { Spinner } from '../../components/Spinner';
import { formatNumber } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { plural } from '../../lib/plural';
import { usePageTitle } from '../../lib/usePageTitle';
import { useChoisirMessages } from './messages';

const MapView = lazy(() => import('../../components/map/MapView'));
const PAGE = 150;
const PLACES_SHOWN = 6;

const DESKTOP = '(min-width: 1024px)';
function subscribeDesktop(cb: () => void): () => void {
  const mq = window.matchMedia(DESKTOP);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}
/** True from the `md` breakpoint (1024 px): list and map side by side. */
function useDesktop(): boolean {
  return useSyncExternalStore(
    subscribeDesktop,
    () => window.matchMedia(DESKTOP).matches,
    () => true,
  );
}

function entityHref(e: IndexItem): string {
  return `/entite/${e.id}/carte/activite/${DEFAULT_ACTIVITE}`;
}

function pointColor(e: IndexItem): string {
  if (e.vigilance !== null && e.vigilance >= 2) return VIGILANCE_COLORS[e.vigilance] ?? COLOR_WITH_DATA;
  return e.nb_lieux_mesures > 0 ? COLOR_WITH_DATA : COLOR_NO_DATA;
}

/** Marker legend: colour and shape, each with its word (never colour alone). */
function Legend() {
  const t = useT();
  const m = useChoisirMessages();
  const id = useId();
  const items: Array<[string, string, string]> = [
    [VIGILANCE_COLORS[4] ?? '', 'rounded-full', t('vigilance.4')],
    [VIGILANCE_COLORS[3] ?? '', 'rounded-full', t('vigilance.3')],
    [VIGILANCE_COLORS[2] ?? '', 'rounded-full', t('vigilance.2')],
    [COLOR_WITH_DATA, 'rounded-full', m('legendeMesures')],
    [COLOR_NO_DATA, 'rounded-full', m('legendeSansMesure')],
  ];
  return (
    <div className="rounded-lg border border-line bg-white/95 px-3 py-2 text-xs shadow-sm dark:bg-[#0f1a22]/95">
      <p id={id} className="font-semibold">
        {m('legende')}
      </p>
      <ul aria-labelledby={id} className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 sm:grid-cols-1">
        {items.map(([color, shape, label]) => (
          <li key={label} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={`inline-block h-3 w-3 shrink-0 border border-white ${shape}`}
              style={{ background: color }}
            />
            {label}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 shrink-0 rounded-full border-[2.5px] border-brand bg-white"
          />
          {m('legendeLac')}
        </li>
      </ul>
    </div>
  );
}

export default function ChoisirCartePage() {
  const t = useT();
  const m = useChoisirMessages();
  usePageTitle(m('titre'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const index = useQuery(indexQuery());
  const bassins = useQuery(bassinsQuery());
  const maps = useQuery(mapsQuery());
  const paramBassin = params.get('bassin');
  const [bassin, setBassinState] = useState<string>(
    () => paramBassin ?? readStorage(STORAGE_KEYS.bassin) ?? ALL_DEPARTEMENTS,
  );
  const [shown, setShown] = useState(PAGE);
  const [vue, setVue] = useState<'liste' | 'carte'>('liste');
  const [plusDeFiltres, setPlusDeFiltres] = useState(false);
  const desktop = useDesktop();
  // On a phone the map (a large lazy chunk) loads only when its view is chosen.
  const showMap = desktop || vue === 'carte';
  const ids = { dep: useId(), bassin: useId(), nom: useId(), titre: useId(), filtres: useId() };

  // A basin given in the address (link from /bassins) becomes the remembered basin.
  useEffect(() => {
    if (paramBassin === null) return;
    writeStorage(STORAGE_KEYS.bassin, paramBassin);
    const next = new URLSearchParams(params);
    next.delete('bassin');
    setParams(next, { replace: true });
  }, [paramBassin, params, setParams]);

  const type = (['R', 'L', 'RL'] as const).find((v) => v === params.get('type')) ?? 'RL';
  const departement = params.get('departement') ?? ALL_DEPARTEMENTS;
  const nom = params.get('nom') ?? '';
  const searching = nameKey(nom).length >= 2;
  const terms = useQuery({ ...rechercheTermsQuery(), enabled: searching });

  const setParam = (key: string, value: string, empty: string) => {
    const next = new URLSearchParams(params);
    if (value === empty) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
    setShown(PAGE);
  };
  const setType = (v: TypeFilter) => setParam('type', v, 'RL');
  const setBassin = (v: string) => {
    setBassinState(v);
    writeStorage(STORAGE_KEYS.bassin, v);
    setShown(PAGE);
  };

  const knownBassin = bassins.data?.some((b) => b.slug === bassin) ? bassin : ALL_DEPARTEMENTS;
  const nbFiltres = Number(knownBassin !== ALL_DEPARTEMENTS) + Number(departement !== ALL_DEPARTEMENTS);

  const departements = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of index.data ?? []) for (const d of e.departements) map.set(d.code, d.nom);
    return [...map.entries()].sort((a, b) => a[0].localeCompare(b[0], 'fr', { numeric: true }));
  }, [index.data]);

  const filtered = useMemo(() => {
    const key = nameKey(nom);
    return filterIndex(index.data ?? [], { type, departement, bassin: knownBassin })
      .filter((e) => !key || nameKey(e.nom).includes(key))
      .sort((a, b) => nameKey(withoutArticle(a.nom)).localeCompare(nameKey(withoutArticle(b.nom)), 'fr'));
  }, [index.data, type, departement, knownBassin, nom]);

  /** Places whose name matches (the entity filters of type apply to them as well). */
  const places = useMemo(() => {
    if (!searching || !terms.data) return [];
    return searchTerms(terms.data, nom, 40)
      .filter((h) => h.kind === 'lieu' && (type === 'RL' || h.type === type))
      .slice(0, PLACES_SHOWN);
  }, [searching, terms.data, nom, type]);

  const points = useMemo<MapPoint[]>(
    () =>
      filtered
        .filter((e) => e.lat !== null && e.lon !== null)
        .map((e) => ({
          id: e.id,
          lat: e.lat as number,
          lon: e.lon as number,
          label: e.nom,
          detail: `${t(e.type === 'L' ? 'type.L' : 'type.R')} · ${m(plural(e.nb_lieux, 'lieux'), { n: e.nb_lieux })}${
            e.vigilance !== null && e.vigilance >= 2
              ? ` · ${t(`vigilance.${e.vigilance}` as 'vigilance.2')}`
              : ''
          }`,
          color: pointColor(e),
          shape: e.type === 'L' ? 'lake' : 'river',
          href: entityHref(e),
        })),
    [filtered, t, m],
  );

  const bbox = bassins.data?.find((b) => b.slug === knownBassin)?.bbox ?? null;
  const where = (e: IndexItem) =>
    e.departements.map((d) => d.nom).join(', ') || bassins.data?.find((b) => b.slug === e.bassin)?.nom || '—';

  return (
    <div className="md:grid md:grid-cols-[420px_minmax(0,1fr)]">
      <section
        aria-labelledby={ids.titre}
        className="md:col-start-1 md:row-start-1 md:border-r md:border-line"
      >
        <div className="space-y-4 border-b border-line bg-white p-4 dark:bg-[#0f1a22]">
          <h1 id={ids.titre} className="text-2xl font-bold text-brand dark:text-sky-200">
            {m('titre')}
          </h1>
          <div>
            <label htmlFor={ids.nom} className="text-sm font-medium">
              {m('nom')}
            </label>
            <input
              id={ids.nom}
              type="search"
              className="field mt-1"
              placeholder={m('nomPlaceholder')}
              value={nom}
              autoComplete="off"
              onChange={(e) => setParam('nom', e.target.value, '')}
            />
          </div>
          <div role="group" aria-label={m('type')} className="flex flex-wrap gap-2">
            {(
              [
                ['RL', t('commun.tous')],
                ['R', t('type.Rs')],
                ['L', t('type.Ls')],
              ] as const
            ).map(([v, label]) => (
              <button
                key={v}
                type="button"
                className="chip"
                aria-pressed={type === v}
                onClick={() => setType(v)}
              >
                {label}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="chip md:hidden"
            aria-expanded={plusDeFiltres}
            aria-controls={ids.filtres}
            onClick={() => setPlusDeFiltres((o) => !o)}
          >
            {m('plusDeFiltres')}
            {nbFiltres > 0 && ` (${nbFiltres})`}
            <span aria-hidden="true">{plusDeFiltres ? ' ▴' : ' ▾'}</span>
          </button>
          <div
            id={ids.filtres}
            className={`grid gap-3 sm:grid-cols-2 md:grid md:grid-cols-1 ${plusDeFiltres ? '' : 'hidden'}`}
          >
            <div>
              <label htmlFor={ids.bassin} className="text-sm font-medium">
                {m('bassin')}
              </label>
              <select
                id={ids.bassin}
                className="field mt-1"
                value={knownBassin}
                onChange={(e) => setBassin(e.target.value)}
              >
                <option value={ALL_DEPARTEMENTS}>{m('tousBassins')}</option>
                {(bassins.data ?? [])
                  .filter((b) => b.nb_entites > 0)
                  .map((b) => (
                    <option key={b.slug} value={b.slug}>
                      {b.nom}
                    </option>
                  ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.dep} className="text-sm font-medium">
                {m('departement')}
              </label>
              <select
                id={ids.dep}
                className="field mt-1"
                value={departement}
                onChange={(e) => setParam('departement', e.target.value, ALL_DEPARTEMENTS)}
              >
                <option value={ALL_DEPARTEMENTS}>{m('tousDepartements')}</option>
                {departements.map(([code, n]) => (
                  <option key={code} value={code}>
                    {code} — {n}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">
              {m(plural(filtered.length, 'resultats'), { n: formatNumber(filtered.length) })}
            </p>
            <div
              role="group"
              aria-label={m('affichage')}
              className="inline-flex rounded-full border border-line p-0.5 md:hidden"
            >
              {(['liste', 'carte'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={vue === v}
                  onClick={() => setVue(v)}
                  className={`min-h-11 rounded-full px-4 text-sm font-medium ${vue === v ? 'bg-brand text-white' : 'text-ink'}`}
                >
                  {m(v === 'liste' ? 'voirListe' : 'voirCarte')}
                </button>
              ))}
            </div>
          </div>
        </div>
      </section>
      <div
        className={`relative h-[calc(100dvh-12rem)] min-h-80 md:sticky md:top-14 md:col-start-2 md:row-span-2 md:row-start-1 md:block md:h-[calc(100dvh-3.5rem)] md:self-start ${vue === 'carte' ? '' : 'hidden'}`}
      >
        {showMap && (
          <Suspense fallback={<Spinner />}>
            <MapView
              points={points}
              bbox={bbox}
              label={m('carte')}
              tileUrl={maps.data?.tuiles?.url ?? null}
              onNavigate={(href) => void navigate(href)}
              openLabel={(label) => m('ouvrir', { nom: label })}
            />
          </Suspense>
        )}
        <div className="pointer-events-none absolute bottom-8 left-2 md:bottom-3 md:left-3">
          <div className="pointer-events-auto">
            <Legend />
          </div>
        </div>
      </div>
      <div
        className={`md:col-start-1 md:row-start-2 md:block md:border-r md:border-line ${vue === 'liste' ? '' : 'hidden'}`}
      >
        {places.length > 0 && (
          <section
            aria-labelledby="lieux-trouves"
            className="border-b border-line bg-sky-50/60 dark:bg-white/5"
          >
            <h2 id="lieux-trouves" className="px-4 pt-3 text-sm font-semibold">
              {m('lieuxTrouves')}
            </h2>
            <ul className="pb-2">
              {places.map((p) => (
                <li key={p.id}>
                  <Link
                    to={lieuHref(p.id)}
                    className="flex min-h-11 items-center gap-3 px-4 py-1.5 hover:bg-sky-100 dark:hover:bg-white/5"
                  >
                    <span
                      aria-hidden="true"
                      className="inline-block h-3 w-3 shrink-0 rounded-full border-2 border-brand-light"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{p.nom}</span>
                      {p.kind === 'lieu' && (
                        <span className="block truncate text-sm text-muted">
                          {p.entiteNom}
                          {p.departement ? ` (${p.departement})` : ''}
                        </span>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {index.isPending ? (
          <Spinner />
        ) : index.isError ? (
          <div className="p-4">
            <p>{t('commun.erreur')}</p>
            <button type="button" className="btn-secondary mt-3" onClick={() => void index.refetch()}>
              {t('commun.reessayer')}
            </button>
          </div>
        ) : filtered.length === 0 ? (
          <p className="p-4 text-muted">{m('aucun')}</p>
        ) : (
          <ul aria-label={m('liste')} className="divide-y divide-line bg-white dark:bg-[#0f1a22]">
            {filtered.slice(0, shown).map((e) => (
              <li key={e.id}>
                <Link
                  to={entityHref(e)}
                  className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-sky-50 dark:hover:bg-white/5"
                >
                  <span
                    aria-hidden="true"
                    className={`inline-block h-3.5 w-3.5 shrink-0 rounded-full ${e.type === 'L' ? 'border-[2.5px] border-brand' : 'border border-white'}`}
                    style={{ background: pointColor(e) }}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{e.nom}</span>
                    <span className="block truncate text-sm text-muted">
                      {t(e.type === 'L' ? 'type.L' : 'type.R')} · {where(e)}
                    </span>
                  </span>
                  <span className="shrink-0 text-right text-xs text-muted">
                    {e.vigilance !== null && e.vigilance >= 2 && (
                      <>
                        <span className="font-semibold text-ink">
                          {t(`vigilance.${e.vigilance}` as 'vigilance.2')}
                        </span>
                        <br />
                      </>
                    )}
                    {m(plural(e.nb_lieux, 'lieux'), { n: e.nb_lieux })}
                    {e.nb_lieux_mesures > 0 && (
                      <>
                        <br />
                        {m('lieuxMesures', { n: e.nb_lieux_mesures })}
                      </>
                    )}
                  </span>
                </Link>
              </li>
            ))}
            {filtered.length > shown && (
              <li className="p-4 text-center">
                <button type="button" className="btn-secondary" onClick={() => setShown((s) => s + PAGE)}>
                  {m('plus', { n: Math.min(PAGE, filtered.length - shown) })}
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
