/**
 * The lower part of the home page: the national flood-vigilance situation (counts per level with the bulletin
 * date, the stretches in yellow/orange/red; docs/decisions/051) and the entries to the other screens.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { VigilanceResume } from '@limni/shared/contracts/hydro';
import { indexQuery, useVigilanceBulletin, vigilanceQuery } from '../../../api/hydro';
import { DEFAULT_ACTIVITE, useHasWebcams } from '../../../api/search';
import { formatLongDate, formatNumber } from '../../../lib/format';
import { LineIcon } from '../../../components/ui/LineIcon';
import { useT } from '../../../lib/i18n';
import { plural } from '../../../lib/plural';
import type { MessageKey } from '../../../i18n/fr';
import { VIGILANCE_ICON } from '../../../components/ui/icons';

/** Neutral counts of an old bulletin: never today's colour (docs/decisions/094). */
const NEUTRE = 'border-slate-400 bg-slate-50 text-slate-900 dark:bg-white/5 dark:text-slate-100';

/**
 * Vigicrues' own address for a tronçon Limni knows nothing more about. The public site has no stable page per
 * tronçon that Limni could verify; its home page shows the national map with the tronçon's territory.
 */
const VIGICRUES_SITE = 'https://www.vigicrues.gouv.fr/';

const LEVELS = [
  { n: 4, key: 'rouge', icon: VIGILANCE_ICON[4], cls: 'border-red-700 bg-red-50 text-red-950' },
  { n: 3, key: 'orange', icon: VIGILANCE_ICON[3], cls: 'border-orange-600 bg-orange-50 text-orange-950' },
  { n: 2, key: 'jaune', icon: VIGILANCE_ICON[2], cls: 'border-yellow-600 bg-yellow-50 text-yellow-950' },
] as const;

const DECOUVRIR: Array<{ to: string; titre: MessageKey; texte: MessageKey; icon: string }> = [
  {
    to: '/activites',
    titre: 'nav.activites',
    texte: 'home.activitesTexte',
    icon: 'M2 19c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M5 14.5 10 10l3 3 4-3',
  },
  {
    to: '/bassins',
    titre: 'nav.bassins',
    texte: 'home.bassinsTexte',
    icon: 'M3 17c3-6 6-9 9-9s5 3 9 1M3 21h18M12 8V3',
  },
  {
    to: '/webcams',
    titre: 'nav.webcams',
    texte: 'home.webcamsTexte',
    icon: 'M4 7h11v10H4zM15 10l5-3v10l-5-3',
  },
  {
    to: '/infos-previsions',
    titre: 'footer.previsions',
    texte: 'home.previsionsTexte',
    icon: 'M3 17l5-5 4 3 8-9M14 6h6v6',
  },
];

/** Places with readings apart from all places, and the lakes and rivers that have some (docs/decisions/144). */
function couverture(items: ReadonlyArray<{ nb_lieux: number; nb_lieux_mesures: number }>) {
  return {
    entites: items.length,
    entitesMesurees: items.filter((e) => e.nb_lieux_mesures > 0).length,
    lieux: items.reduce((s, e) => s + e.nb_lieux, 0),
    lieuxMesures: items.reduce((s, e) => s + e.nb_lieux_mesures, 0),
  };
}

/** How many tronçons are at each level of the bulletin (greyed when it is not the current one). */
function VigilanceCounts({ v, courant }: { v: VigilanceResume; courant: boolean }) {
  const t = useT();
  return (
    <ul className="mt-3 grid gap-2 sm:grid-cols-3 sm:gap-3">
      {LEVELS.map((l) => (
        <li
          key={l.n}
          className={`flex items-center gap-3 rounded-lg border-l-4 px-3 py-2 sm:block ${courant ? l.cls : NEUTRE}`}
        >
          <span className="min-w-8 text-2xl font-bold tabular-nums sm:block sm:text-3xl">
            {formatNumber(v.niveaux[l.key])}
          </span>
          <span className="text-sm leading-tight sm:block">
            <LineIcon
              d={l.icon}
              size={14}
              filled
              strokeWidth={1}
              className="mr-1 inline-block align-[-2px]"
            />
            {t(plural(v.niveaux[l.key], 'home.vigilanceNiveau'), {
              niveau: t(`vigilance.${l.n}`).toLocaleLowerCase(),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Situation() {
  const t = useT();
  const index = useQuery(indexQuery());
  const vigilance = useQuery(vigilanceQuery());
  const bulletin = useVigilanceBulletin();
  const stats = useMemo(() => couverture(index.data ?? []), [index.data]);
  const v = vigilance.data;
  const enVigilance = useMemo(
    () =>
      [...(v?.troncons ?? [])]
        .filter((tr) => tr.niveau >= 2)
        .sort((a, b) => b.niveau - a.niveau || a.nom.localeCompare(b.nom, 'fr')),
    [v],
  );

  return (
    <section aria-labelledby="situation" className="mt-12">
      <h2 id="situation" className="text-2xl font-bold">
        {t('home.situation')}
      </h2>
      {index.data && (
        <p className="mt-1 text-muted">
          {t(plural(stats.lieuxMesures, 'home.situationTexte'), {
            m: formatNumber(stats.lieuxMesures),
            t: formatNumber(stats.lieux),
            e: formatNumber(stats.entitesMesurees),
            n: formatNumber(stats.entites),
          })}
        </p>
      )}
      <div className="card mt-4">
        <h3 className="font-semibold">
          {t('home.vigilanceTitre')}
          {!bulletin.courant && bulletin.date !== null && (
            <> — {t('home.vigilanceTitreAncien', { date: formatLongDate(bulletin.date) })}</>
          )}
        </h3>
        {vigilance.isPending ? (
          <div
            aria-hidden="true"
            className="mt-3 h-20 animate-pulse rounded-lg bg-slate-200 dark:bg-white/10"
          />
        ) : vigilance.isError || !v ? (
          <p className="mt-2 text-muted">
            {t('commun.erreur')}{' '}
            <button type="button" className="link underline" onClick={() => void vigilance.refetch()}>
              {t('commun.reessayer')}
            </button>
          </p>
        ) : v.date === null ? (
          // No bulletin Limni knows of describes this instant (a past instant before any, docs/decisions/152).
          <p className="mt-2">{t('home.vigilanceInconnue')}</p>
        ) : (
          <>
            <VigilanceCounts v={v} courant={bulletin.courant} />
            <p className="mt-3 text-sm text-muted">
              {v.date !== null &&
                `${t(bulletin.courant ? 'home.vigilanceDate' : 'home.vigilanceAncienne', { date: formatLongDate(v.date) })} `}
              {t('home.vigilanceVert', { n: formatNumber(v.niveaux.vert) })}
            </p>
            {enVigilance.length === 0 ? (
              <p className="mt-2">{t('home.vigilanceAucune')}</p>
            ) : (
              <details className="mt-3">
                <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand dark:text-sky-300">
                  {t(bulletin.courant ? 'home.vigilanceListe' : 'home.vigilanceListeAncienne', {
                    n: enVigilance.length,
                    date: v.date !== null ? formatLongDate(v.date) : '—',
                  })}
                </summary>
                <ul className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2 md:grid-cols-3">
                  {enVigilance.map((tr) => {
                    const level = LEVELS.find((l) => l.n === tr.niveau);
                    return (
                      <li key={tr.id}>
                        {tr.nb_lieux > 0 || tr.entite_id !== null ? (
                          <Link
                            to={`/entite-troncon/${tr.id}/carte/activite/${DEFAULT_ACTIVITE}`}
                            className="link inline-flex min-h-8 items-center gap-1.5"
                          >
                            {level && (
                              <LineIcon
                                d={level.icon}
                                size={14}
                                filled
                                strokeWidth={1}
                                className="shrink-0"
                              />
                            )}
                            <span>{tr.nom}</span>
                            <span className="text-xs text-muted">
                              {t(plural(tr.nb_lieux, 'home.tronconLieux'), { n: tr.nb_lieux })}
                            </span>
                            <span className="sr-only">({t(`vigilance.${tr.niveau}` as MessageKey)})</span>
                          </Link>
                        ) : (
                          <a
                            href={VIGICRUES_SITE}
                            className="link inline-flex min-h-8 items-center gap-1.5"
                            rel="noopener noreferrer"
                            target="_blank"
                          >
                            {level && (
                              <LineIcon
                                d={level.icon}
                                size={14}
                                filled
                                strokeWidth={1}
                                className="shrink-0"
                              />
                            )}
                            <span>{tr.nom}</span>
                            <span className="text-xs text-muted">
                              {t('home.tronconVigicrues', { code: tr.code })}
                            </span>
                            <span className="sr-only">({t(`vigilance.${tr.niveau}` as MessageKey)})</span>
                          </a>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </details>
            )}
          </>
        )}
      </div>
    </section>
  );
}

export default function HomeSections() {
  const t = useT();
  const hasWebcams = useHasWebcams();
  return (
    <>
      <Situation />

      <section aria-labelledby="decouvrir" className="mt-12">
        <h2 id="decouvrir" className="text-2xl font-bold">
          {t('footer.decouvrir')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-4">
          {DECOUVRIR.filter((d) => d.to !== '/webcams' || hasWebcams).map((d) => (
            <li key={d.to}>
              <Link
                to={d.to}
                className="card flex h-full gap-3 hover:border-brand-light hover:bg-sky-50/60 dark:hover:bg-white/5"
              >
                <span className="shrink-0 text-brand dark:text-sky-300">
                  <LineIcon size={28} d={d.icon} />
                </span>
                <span>
                  <span className="block font-semibold text-brand dark:text-sky-200">{t(d.titre)}</span>
                  <span className="block text-sm text-muted">{t(d.texte)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
