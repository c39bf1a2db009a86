/**
 * "Choisir son lac, sa rivière" (spec §2, route choisir_carte): a map and a list of the index, filtered by type
 * (R, L or both), basin (remembered in localStorage `bassin`), département ("tous" is ignored) and name.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { IndexItem } from '@limni/shared/contracts/hydro';
import { ALL_DEPARTEMENTS, filterIndex, type TypeFilter } from '@limni/shared/domain/filters';
import { nameKey, withoutArticle } from '@limni/shared/domain/names';
import { bassinsQuery, indexQuery } from '../../api/hydro';
import { COLOR_NO_DATA, COLOR_WITH_DATA, VIGILANCE_COLORS } from '../../components/colors';
import type { MapPoint } from '../../components/map/MapView';
import { Spinner } from '../../components/Spinner';
import { formatNumber } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { usePageTitle } from '../../lib/usePageTitle';

const MapView = lazy(() => import('../../components/map/MapView'));
const DEFAULT_ACTIVITE = 1;
const PAGE = 150;

function entityHref(e: IndexItem): string {
  return `/entite/${e.id}/carte/activite/${DEFAULT_ACTIVITE}`;
}

function pointColor(e: IndexItem): string {
  if (e.vigilance !== null && e.vigilance >= 2) return VIGILANCE_COLORS[e.vigilance] ?? COLOR_WITH_DATA;
  return e.nb_lieux_mesures > 0 ? COLOR_WITH_DATA : COLOR_NO_DATA;
}

export default function ChoisirCartePage() {
  const t = useT();
  usePageTitle(t('choisir.titre'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const index = useQuery(indexQuery());
  const bassins = useQuery(bassinsQuery());
  const [bassin, setBassinState] = useState<string>(
    () => readStorage(STORAGE_KEYS.bassin) ?? ALL_DEPARTEMENTS,
  );
  const [shown, setShown] = useState(PAGE);
  const ids = { dep: useId(), bassin: useId(), nom: useId(), titre: useId() };

  const type = (['R', 'L', 'RL'] as const).find((v) => v === params.get('type')) ?? 'RL';
  const departement = params.get('departement') ?? ALL_DEPARTEMENTS;
  const nom = params.get('nom') ?? '';

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

  const points = useMemo<MapPoint[]>(
    () =>
      filtered
        .filter((e) => e.lat !== null && e.lon !== null)
        .map((e) => ({
          id: e.id,
          lat: e.lat as number,
          lon: e.lon as number,
          label: e.nom,
          detail: `${t(e.type === 'L' ? 'type.L' : 'type.R')} · ${t('choisir.lieux', { n: e.nb_lieux })}`,
          color: pointColor(e),
          shape: e.type === 'L' ? 'lake' : 'river',
          href: entityHref(e),
        })),
    [filtered, t],
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
            {t('choisir.titre')}
          </h1>
          <div role="group" aria-label={t('choisir.type')} className="flex flex-wrap gap-2">
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
          <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-1">
            <div>
              <label htmlFor={ids.bassin} className="text-sm font-medium">
                {t('choisir.bassin')}
              </label>
              <select
                id={ids.bassin}
                className="field mt-1"
                value={knownBassin}
                onChange={(e) => setBassin(e.target.value)}
              >
                <option value={ALL_DEPARTEMENTS}>{t('choisir.tousBassins')}</option>
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
                {t('choisir.departement')}
              </label>
              <select
                id={ids.dep}
                className="field mt-1"
                value={departement}
                onChange={(e) => setParam('departement', e.target.value, ALL_DEPARTEMENTS)}
              >
                <option value={ALL_DEPARTEMENTS}>{t('choisir.tousDepartements')}</option>
                {departements.map(([code, n]) => (
                  <option key={code} value={code}>
                    {code} — {n}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div>
            <label htmlFor={ids.nom} className="text-sm font-medium">
              {t('choisir.nom')}
            </label>
            <input
              id={ids.nom}
              type="search"
              className="field mt-1"
              placeholder={t('choisir.nomPlaceholder')}
              value={nom}
              onChange={(e) => setParam('nom', e.target.value, '')}
            />
          </div>
          <p className="text-sm text-muted" aria-live="polite">
            {t('choisir.resultats', { n: formatNumber(filtered.length) })}
          </p>
        </div>
      </section>
      <div className="h-[45vh] min-h-72 md:sticky md:top-14 md:col-start-2 md:row-span-2 md:row-start-1 md:h-[calc(100dvh-3.5rem)] md:self-start">
        <Suspense fallback={<Spinner />}>
          <MapView
            points={points}
            bbox={bbox}
            label={t('choisir.carte')}
            onNavigate={(href) => void navigate(href)}
            openLabel={(label) => t('choisir.ouvrir', { nom: label })}
          />
        </Suspense>
      </div>
      <div className="md:col-start-1 md:row-start-2 md:border-r md:border-line">
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
          <p className="p-4 text-muted">{t('choisir.aucun')}</p>
        ) : (
          <ul aria-label={t('choisir.liste')} className="divide-y divide-line bg-white dark:bg-[#0f1a22]">
            {filtered.slice(0, shown).map((e) => (
              <li key={e.id}>
                <Link
                  to={entityHref(e)}
                  className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-sky-50 dark:hover:bg-white/5"
                >
                  <span
                    aria-hidden="true"
                    className={`inline-block h-3.5 w-3.5 shrink-0 ${e.type === 'L' ? 'rounded-sm' : 'rounded-full'}`}
                    style={{ background: pointColor(e) }}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{e.nom}</span>
                    <span className="block truncate text-sm text-muted">
                      {t(e.type === 'L' ? 'type.L' : 'type.R')} · {where(e)}
                    </span>
                  </span>
                  <span className="shrink-0 text-right text-xs text-muted">
                    {t('choisir.lieux', { n: e.nb_lieux })}
                    {e.nb_lieux_mesures > 0 && (
                      <>
                        <br />
                        {t('choisir.lieuxMesures', { n: e.nb_lieux_mesures })}
                      </>
                    )}
                  </span>
                </Link>
              </li>
            ))}
            {filtered.length > shown && (
              <li className="p-4 text-center">
                <button type="button" className="btn-secondary" onClick={() => setShown((s) => s + PAGE)}>
                  {`+ ${Math.min(PAGE, filtered.length - shown)}`}
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
