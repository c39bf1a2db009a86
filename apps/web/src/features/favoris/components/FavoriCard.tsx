/**
 * One favourite place as a card (on "Mes favoris" and the home page) with the same header line as its page (docs/requirements.md R3.7): name, latest value
 * (large) with its trend arrow and rate, freshness, the verdict for the favourite's activity and the vigilance.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { entiteLieuxQuery } from '../../../api/entite';
import { verdictLieuQuery } from '../../../api/lieu';
import { lieuHref } from '../../../api/search';
import { useHydroMessages } from '../../hydro';
import { needsOwnDay, shownFreshness, sortCapteurs } from '../../hydro';
import { VerdictChip, VigilanceChip } from '../../../components/ui/Chips';
import { LineIcon } from '../../../components/ui/LineIcon';
import { Freshness } from '../../hydro';
import { ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { TrendArrow } from '../../hydro';
import { ApiError } from '../../../lib/api';
import { formatLongDate, formatValue } from '../../../lib/format';
import type { Favori } from '../../../stores/favoris';
import { useFavoriCardMessages } from '../favori-card-messages';
import { nomActivite } from '../../../lib/activite-nom';
import { nomCapteur } from '../../../lib/capteur-nom';
import { withColon } from '../../../lib/i18n';

const STAR = 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z';

export function FavoriCard({
  favori,
  onRemove,
  headingLevel = 2,
}: {
  favori: Favori;
  /** Shows the "remove" star button when given. */
  onRemove?: (nom: string) => void;
  headingLevel?: 2 | 3;
}) {
  const m = useFavoriCardMessages();
  const h = useHydroMessages();
  const verdict = useQuery(verdictLieuQuery(favori.ida, favori.id, null));
  const entiteId = verdict.data?.lieu.entite_id;
  const etats = useQuery({ ...entiteLieuxQuery(entiteId ?? 0), enabled: entiteId !== undefined });
  const lieu = etats.data?.lieux.find((l) => l.id === favori.id);
  const capteurs = sortCapteurs((lieu?.capteurs ?? []).filter((c) => c.valeur !== null));
  const [main, ...others] = capteurs;
  const nom = verdict.data?.lieu.libelle ?? m('lieuN', { id: favori.id });
  const href = lieuHref(favori.id, favori.ida);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const missing = verdict.error instanceof ApiError && verdict.error.status === 404;

  const removeButton = onRemove && (
    <button
      type="button"
      onClick={() => onRemove(nom)}
      aria-label={m('retirerAria', { nom })}
      title={m('retirer')}
      className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-amber-600 hover:bg-amber-50 dark:text-amber-300 dark:hover:bg-white/5"
    >
      <LineIcon d={STAR} size={24} filled />
    </button>
  );

  if (verdict.isError) {
    return (
      <article className="card">
        <div className="flex items-start justify-between gap-3">
          <Heading className="text-lg font-semibold">{nom}</Heading>
          {removeButton}
        </div>
        {missing ? (
          <p className="mt-2 text-muted">{m('introuvable')}</p>
        ) : (
          <div className="mt-2">
            <ErrorState message={m('erreur')} onRetry={() => void verdict.refetch()} />
          </div>
        )}
      </article>
    );
  }

  return (
    <article className="card flex h-full flex-col" aria-busy={verdict.isPending || etats.isPending}>
      <div className="flex items-start justify-between gap-3">
        <Heading className="min-w-0 text-lg font-semibold leading-snug">
          {verdict.data ? (
            <Link to={href} className="link text-ink dark:text-ink">
              {nom}
            </Link>
          ) : (
            <span className="text-muted">{nom}</span>
          )}
        </Heading>
        {removeButton}
      </div>
      {verdict.isPending || (entiteId !== undefined && etats.isPending) ? (
        <SkeletonBlock lines={3} />
      ) : (
        <>
          {main ? (
            <div className="mt-2">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="text-4xl font-bold tracking-tight tabular-nums">
                  {formatValue(main.valeur, main.unite)}
                </span>
                <TrendArrow
                  tendance={main.tendance}
                  variationH={main.variation_h}
                  unite={main.unite}
                  className="text-lg"
                />
              </p>
              {others.length > 0 && (
                <p className="mt-1 text-sm">
                  {others
                    .map(
                      (c) =>
                        `${withColon(nomCapteur(c.libelle))} ${formatValue(c.valeur, c.unite)}${needsOwnDay(c, main.ts) ? ` — ${h('moyenneDu', { jour: formatLongDate(c.ts) })}` : ''}`,
                    )
                    .join(' · ')}
                </p>
              )}
              <div className="mt-1">
                <Freshness
                  ts={main.ts}
                  fraicheur={shownFreshness(main.ts, main.fraicheur)}
                  now={etats.data?.maintenant ?? main.ts ?? 0}
                  pasMin={main.pas_min}
                />
              </div>
            </div>
          ) : (
            <p className="mt-2 text-muted">{m('aucuneMesure')}</p>
          )}
          {verdict.data && (
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium">
                {m('avisPour', { activite: nomActivite(verdict.data.activite) })}
              </span>
              <VerdictChip
                verdict={verdict.data.verdict}
                activite={nomActivite(verdict.data.activite)}
                sansAvis={verdict.data.fondement?.kind === 'historique_insuffisant'}
              />
              {verdict.data.vigilance && (
                <VigilanceChip niveau={verdict.data.vigilance.niveau} ts={verdict.data.vigilance.ts} />
              )}
            </div>
          )}
          {verdict.data && <p className="mt-2 text-sm text-muted">{verdict.data.raison}</p>}
        </>
      )}
    </article>
  );
}
