import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { nameKey } from '@limni/shared/domain/names';
import { indexQuery, vigilanceQuery } from '../../api/hydro';
import { VIGILANCE_COLORS } from '../../components/colors';
import { formatDateTime, formatLongDate, formatNumber } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/usePageTitle';

const DEFAULT_ACTIVITE = 1;

export default function HomePage() {
  const t = useT();
  usePageTitle(null);
  const index = useQuery(indexQuery());
  const vigilance = useQuery(vigilanceQuery());
  const [q, setQ] = useState('');
  const searchId = useId();

  const results = useMemo(() => {
    const key = nameKey(q);
    if (key.length < 2 || !index.data) return [];
    return index.data.filter((e) => nameKey(e.nom).includes(key)).slice(0, 8);
  }, [q, index.data]);

  const stats = useMemo(() => {
    const items = index.data ?? [];
    const recent = items
      .filter((e) => e.derniere_mesure !== null)
      .sort((a, b) => (b.derniere_mesure ?? 0) - (a.derniere_mesure ?? 0))
      .slice(0, 6);
    return {
      entites: items.length,
      lieux: items.reduce((s, e) => s + e.nb_lieux, 0),
      recent,
    };
  }, [index.data]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <section className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-brand md:text-4xl dark:text-sky-200">
          {t('home.titre')}
        </h1>
        <p className="mt-4 text-lg text-muted">{t('home.intro')}</p>
        <form role="search" className="mt-6" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={searchId} className="block font-medium">
            {t('home.rechercheLabel')}
          </label>
          <input
            id={searchId}
            type="search"
            className="field mt-2"
            placeholder={t('home.recherchePlaceholder')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
          />
          {results.length > 0 && (
            <ul className="card mt-2 divide-y divide-line !p-0" aria-label={t('commun.rechercher')}>
              {results.map((e) => (
                <li key={e.id}>
                  <Link
                    to={`/entite/${e.id}/liste/activite/${DEFAULT_ACTIVITE}`}
                    className="flex min-h-11 items-center justify-between gap-3 px-4 py-2 hover:bg-sky-50 dark:hover:bg-white/5"
                  >
                    <span className="font-medium">{e.nom}</span>
                    <span className="text-sm text-muted">
                      {t(e.type === 'L' ? 'type.L' : 'type.R')} ·{' '}
                      {e.departements.map((d) => d.nom).join(', ') || '—'}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </form>
        <Link to="/choisir/carte" className="btn-primary mt-6">
          {t('home.voirCarte')}
        </Link>
      </section>

      <div className="mt-10 grid gap-4 md:grid-cols-3">
        <section className="card" aria-labelledby="situation">
          <h2 id="situation" className="text-lg font-semibold">
            {t('home.situation')}
          </h2>
          <p className="mt-2 text-muted">
            {t('home.situationTexte', { n: formatNumber(stats.entites), m: formatNumber(stats.lieux) })}
          </p>
        </section>
        <section className="card" aria-labelledby="vigilance">
          <h2 id="vigilance" className="text-lg font-semibold">
            {t('home.vigilanceTitre')}
          </h2>
          {vigilance.data && (
            <>
              {vigilance.data.troncons.length === 0 ? (
                <p className="mt-2 text-muted">{t('home.vigilanceAucune')}</p>
              ) : (
                <ul className="mt-2 space-y-1">
                  {(
                    [
                      [4, vigilance.data.niveaux.rouge],
                      [3, vigilance.data.niveaux.orange],
                      [2, vigilance.data.niveaux.jaune],
                    ] as const
                  )
                    .filter(([, count]) => count > 0)
                    .map(([n, count]) => (
                      <li key={n} className="flex items-center gap-2">
                        <span
                          aria-hidden="true"
                          className="inline-block h-3 w-3 rounded-full"
                          style={{ background: VIGILANCE_COLORS[n] }}
                        />
                        <span>
                          {t('home.vigilanceTroncons', {
                            n: count,
                            niveau: t(`vigilance.${n}`).toLocaleLowerCase(),
                          })}
                        </span>
                      </li>
                    ))}
                </ul>
              )}
              {vigilance.data.date !== null && (
                <p className="mt-2 text-sm text-muted">
                  {t('home.vigilanceDate', { date: formatLongDate(vigilance.data.date) })}
                </p>
              )}
            </>
          )}
        </section>
        <section className="card" aria-labelledby="recentes">
          <h2 id="recentes" className="text-lg font-semibold">
            {t('home.dernieresMesures')}
          </h2>
          <ul className="mt-2 space-y-1">
            {stats.recent.map((e) => (
              <li key={e.id}>
                <Link className="link" to={`/entite/${e.id}/liste/activite/${DEFAULT_ACTIVITE}`}>
                  {e.nom}
                </Link>
                {e.derniere_mesure !== null && (
                  <span className="text-sm text-muted"> · {formatDateTime(e.derniere_mesure)}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
