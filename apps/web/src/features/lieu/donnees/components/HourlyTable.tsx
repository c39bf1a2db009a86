/**
 * The hourly table (`c-h`) of the window: open on a desktop, collapsed on a phone; newest hour first. A series of daily
 * values is the daily table: one row per date, no hour (docs/decisions/143).
 */
import { memo, useMemo, useState } from 'react';
import { HOUR_MS } from '@limni/shared/domain/time';
import { LineIcon } from '../../../../components/ui/LineIcon';
import { SkeletonBlock } from '../../../../components/ui/States';
import { formatHourOfDay, formatLongDate, formatTimeOfDay, formatValue } from '../../../../lib/format';
import { DESKTOP_QUERY, matchesMedia } from '../../../../lib/use-media-query';
import { useLieuMessages } from '../../messages';
import { estDouteuse, niveauQualification, niveauStatut } from '@limni/shared/domain/qualite';
import { parisWallToUtcDay } from '../chart-data';
import { DOUTEUSE_COULEUR } from '../qualite';
import { useQualiteMessages } from '../qualite-messages';

/** One row of the table: a reading with its producer's status and qualification codes (ADR 154). */
export interface HourlyRow {
  date: string;
  heure: number;
  valeur: number;
  ts: number;
  statut?: number | null;
  qualification?: number | null;
}

const NO_ROWS: readonly HourlyRow[] = [];

/** The quality of a row in words (« brute », « pré-validée, douteuse »), or null when the source says nothing. */
function qualiteMots(r: HourlyRow, q: ReturnType<typeof useQualiteMessages>): string | null {
  const statut = niveauStatut(r.statut);
  const qualification = niveauQualification(r.qualification);
  const mots = [statut && q(statut), qualification && q(qualification)].filter((x): x is string => !!x);
  return mots.length > 0 ? mots.join(', ') : null;
}

export const HourlyTable = memo(function HourlyTable({
  rows,
  unite,
  pending,
  daily,
}: {
  rows: readonly HourlyRow[];
  unite: string;
  pending: boolean;
  /** One value per day (a daily mean): said by its date alone. */
  daily: boolean;
}) {
  const m = useLieuMessages();
  const q = useQualiteMessages();
  const titre = daily ? m('tableauJour') : m('tableau');
  // A column of quality only where the source states one (Hub'Eau does; the demo's files and Vigicrues do not).
  const avecQualite = useMemo(() => rows.some((r) => qualiteMots(r, q) !== null), [rows, q]);
  // Open by default on a desktop, collapsed on a phone.
  const [open, setOpen] = useState(() => matchesMedia(DESKTOP_QUERY, true));
  // Collapsed (a phone's default), its hundreds of rows are neither shown nor read out: they are built when it opens,
  // not with the first screen (docs/decisions/131). The summary gives their count meanwhile.
  const shown = useMemo(() => (open ? [...rows].reverse() : NO_ROWS), [open, rows]);
  return (
    <details
      className="card"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 font-semibold [&::-webkit-details-marker]:hidden">
        <LineIcon d="m9 6 6 6-6 6" size={16} className={`transition-transform ${open ? 'rotate-90' : ''}`} />
        {pending ? titre : m(daily ? 'tableauJourResume' : 'tableauResume', { n: rows.length })}
      </summary>
      <p className="mt-1 text-sm text-muted">{m(daily ? 'tableauJourAide' : 'tableauAide')}</p>
      {avecQualite && <p className="mt-1 text-sm text-muted">{q('colQualiteAide')}</p>}
      {pending ? (
        <SkeletonBlock lines={4} />
      ) : rows.length === 0 ? (
        <p className="mt-3 text-muted">{m(daily ? 'tableauJourVide' : 'tableauVide')}</p>
      ) : (
        <div className="mt-3 max-h-96 overflow-auto rounded-lg border border-line" tabIndex={0}>
          <table className="w-full text-sm">
            <caption className="sr-only">{titre}</caption>
            <thead className="sticky top-0 bg-slate-100 dark:bg-[#16242f]">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {m('colDate')}
                </th>
                {!daily && (
                  <>
                    <th scope="col" className="px-3 py-2 text-left font-semibold">
                      {m('colHeure')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-left font-semibold">
                      {m('colMesure')}
                    </th>
                  </>
                )}
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {m('colValeur', { unite })}
                </th>
                {avecQualite && (
                  <th scope="col" className="px-3 py-2 text-left font-semibold">
                    {q('colQualite')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {shown.map((r) => (
                <tr key={`${r.date}-${r.heure}`}>
                  <td className="px-3 py-1.5">{formatLongDate(parisWallToUtcDay(r.date) + 12 * HOUR_MS)}</td>
                  {!daily && (
                    <>
                      <td className="px-3 py-1.5">{formatHourOfDay(r.heure)}</td>
                      <td className="px-3 py-1.5 text-muted">
                        <time dateTime={new Date(r.ts).toISOString()}>{formatTimeOfDay(r.ts)}</time>
                      </td>
                    </>
                  )}
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {formatValue(r.valeur, unite).slice(0, -(unite.length + 1))}
                  </td>
                  {avecQualite && (
                    <td className="px-3 py-1.5" data-douteuse={estDouteuse(r.qualification) || undefined}>
                      {estDouteuse(r.qualification) && (
                        <svg width="14" height="12" aria-hidden="true" className="mr-1 inline align-[-2px]">
                          <path
                            d="M7 1 L13 11 L1 11 Z"
                            fill="none"
                            stroke={DOUTEUSE_COULEUR}
                            strokeWidth="2"
                          />
                        </svg>
                      )}
                      {qualiteMots(r, q) ?? q('inconnu')}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
});
