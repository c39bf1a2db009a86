/**
 * The banner of the instant consulted (docs/decisions/152): which instant every figure of the screen is from, that raw
 * readings are not kept that far back when so, and « Revenir à maintenant » in one click. While it shows, it is the
 * screen's one clock: the demo and replay banners stand aside.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { healthQuery } from '../../../api/health';
import { formatClock, formatLongDate } from '../../../lib/format';
import { searchWithInstant, useInstantConsulte } from '../../../lib/instant-consulte';
import { MAINTENANT } from '../hooks/use-instant-url';
import { useInstantMessages } from '../messages';
import { VoirAUneAutreDate } from './VoirAUneAutreDate';

export function InstantBanner() {
  const m = useInstantMessages();
  const instant = useInstantConsulte();
  const location = useLocation();
  const debut = useQuery({ ...healthQuery(), select: (h) => h.donnees.debut }).data ?? null;
  const [loadedAt] = useState(() => Date.now());
  if (instant === null) return null;
  const ms = instant.ms;
  const future = ms !== null && ms > loadedAt;
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-xs leading-snug sm:text-sm sm:leading-normal">
        <p className="min-w-0 basis-full sm:basis-0 sm:flex-1">
          {ms === null || future ? (
            <strong>{ms === null ? m('invalide', { texte: instant.texte }) : m('futur')}</strong>
          ) : (
            <>
              <strong>{m('banniere', { instant: formatClock(ms) })}.</strong> {m('banniereTexte')}
              {debut !== null && ms < debut && <> {m('journalier', { debut: formatLongDate(debut) })}</>}
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <VoirAUneAutreDate
            label={m('changer')}
            className="btn-secondary !min-h-11 !px-2.5 text-xs sm:!px-3 sm:text-sm"
          />
          <Link
            to={{ pathname: location.pathname, search: searchWithInstant(location.search, null) }}
            state={MAINTENANT}
            className="btn-primary !min-h-11 !px-2.5 text-xs sm:!px-3 sm:text-sm"
          >
            {m('maintenant')}
          </Link>
        </div>
      </div>
    </div>
  );
}
