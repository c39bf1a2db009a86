/**
 * The parts of an activity's page: the day and the count of each verdict, the map with its legend, and the
 * verdicts of one lake or river (each place with its observation, thresholds, reason and vigilance).
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ActiviteDetail, LieuActivite, VerdictEntite } from '@limni/shared/contracts/activites';
import { VERDICTS } from '@limni/shared/domain/verdict';
import { mapsQuery } from '../../../api/hydro';
import { lieuHref } from '../../../api/search';
import { VERDICT_COLORS, VERDICT_KEYS } from '../../hydro';
import { LightMap } from '../../carte';
import { VerdictChip, VigilanceChip } from '../../../components/ui/Chips';
import { ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { formatDateTime, formatLongDate, formatValue } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useActivitesMessages } from '../messages';
import type { ActiviteVerdicts, LigneVerdict } from '../hooks/use-activite-verdicts';
import { LineIcon } from '../../../components/ui/LineIcon';
import { ICON } from '../../../components/ui/icons';
import { nomActivite } from '../../../lib/activite-nom';

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
  const f = s.fondement;
  const periode =
    f?.kind === 'archive' && f.annee_debut !== null && f.annee_fin !== null
      ? ` ${m('seuilsPeriode', { debut: f.annee_debut, fin: f.annee_fin })}`
      : '';
  return text ? <span className="text-xs text-muted">{`${text}${periode}`}</span> : null;
}

/** The day the verdicts speak of, the indicative-thresholds caveat and the count of each verdict. */
export function VerdictsSummary({
  activite,
  reference,
  counts,
  any,
}: {
  activite: ActiviteDetail;
  reference: VerdictEntite | null;
  counts: ActiviteVerdicts['counts'];
  /** Some place has a verdict. */
  any: boolean;
}) {
  const m = useActivitesMessages();
  const [now] = useState(() => Date.now());
  return (
    <section aria-labelledby="avis-date" className="mt-8">
      <h2 id="avis-date" className="text-2xl font-bold">
        {reference ? m('avisDu', { date: formatLongDate(dayMs(reference.date)) }) : m('ouSePratique')}
      </h2>
      {reference && (
        <p className="mt-1 text-muted">
          {m('avisDuTexte', { instant: formatDateTime(reference.instant) })}
          {now - reference.instant > 2 * 86_400_000 && ` ${m('donneesAnciennes')}`}
        </p>
      )}
      <p
        role="note"
        className="mt-4 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <LineIcon d={ICON.attention} size={16} className="mr-1 inline-block shrink-0 align-[-3px]" />
        {activite.avertissement}
      </p>
      {any && (
        <ul aria-label={m('resume')} className="mt-4 flex flex-wrap gap-2">
          {[...VERDICTS, 'sans avis' as const]
            .filter((v) => counts.get(v))
            .map((v) => (
              <li key={v} className="inline-flex items-center gap-2">
                {v === 'sans avis' ? <VerdictChip verdict="inconnu" sansAvis /> : <VerdictChip verdict={v} />}
                <span className="text-sm font-medium tabular-nums">× {counts.get(v)}</span>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}

/** The value a verdict rests on, with its own date: its day for a daily mean, else its instant (ADR 143). */
function ObservationDatee({ o }: { o: NonNullable<LigneVerdict['mesure']> }) {
  const m = useActivitesMessages();
  const valeur = formatValue(o.valeur, o.unite);
  return (o.pas_min ?? 0) >= 1440
    ? m('mesureJour', { valeur, jour: formatLongDate(o.ts) })
    : m('mesure', { valeur, quand: formatDateTime(o.ts) });
}

/** The places on a map, coloured by verdict, with the legend of the colours. */
export function VerdictsMap({
  activite,
  verdicts,
}: {
  activite: ActiviteDetail;
  verdicts: ActiviteVerdicts;
}) {
  const m = useActivitesMessages();
  const t = useT();
  const navigate = useNavigate();
  const maps = useQuery(mapsQuery());
  const { points, bbox } = verdicts;
  return (
    <div className="md:order-2">
      <div className="h-80 overflow-hidden rounded-xl border border-line md:sticky md:top-20 md:h-[32rem]">
        <LightMap
          points={points}
          bbox={bbox}
          label={m('carte', { activite: nomActivite(activite) })}
          tileUrl={maps.data?.tuiles?.url ?? null}
          onNavigate={(href) => void navigate(href)}
          openLabel={(label) => label}
        />
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
  );
}

/** The verdicts at the places of one lake or river. */
export function EntiteVerdicts({
  activite,
  entite: e,
  query: q,
  lignes,
  lieuxById,
  ida,
}: {
  activite: ActiviteDetail;
  entite: ActiviteDetail['entites'][number];
  query: UseQueryResult<VerdictEntite> | undefined;
  lignes: readonly LigneVerdict[];
  lieuxById: ReadonlyMap<number, LieuActivite>;
  ida: number;
}) {
  const m = useActivitesMessages();
  return (
    <section aria-labelledby={`entite-${e.id}`} className="card !p-0">
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
          <ErrorState message={m('avisIndisponibles', { nom: e.nom })} onRetry={() => void q.refetch()} />
        </div>
      ) : !q?.data ? (
        <div className="px-4">
          <SkeletonBlock lines={2} />
        </div>
      ) : (
        <ul className="divide-y divide-line">
          {lignes.map((l) => (
            <li key={l.lieu.id} className="px-4 py-3">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <Link to={lieuHref(l.lieu.id, ida)} className="link font-medium">
                  {l.lieu.libelle}
                </Link>
                <VerdictChip
                  verdict={l.verdict}
                  activite={nomActivite(activite)}
                  sansAvis={l.fondement?.kind === 'historique_insuffisant'}
                />
              </div>
              <p className="mt-1 text-sm">
                {l.mesure ? <ObservationDatee o={l.mesure} /> : m('sansObservation')}{' '}
                <SeuilsText l={lieuxById.get(l.lieu.id)} />
              </p>
              <p className="text-sm text-muted">{l.raison}</p>
              {l.vigilance && l.vigilance.niveau >= 2 && (
                <p className="mt-1">
                  <VigilanceChip niveau={l.vigilance.niveau} ts={l.vigilance.ts} />
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
