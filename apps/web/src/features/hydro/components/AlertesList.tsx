/**
 * Alerts of a place or an entity, each hideable for the session (stores/alertes-masquees.ts). Level colour always
 * comes with an icon and words.
 */
import type { Alerte } from '@limni/shared/contracts/hydro';
import { formatDateTime } from '../../../lib/format';
import { useAlertesMasquees } from '../../../stores/alertes-masquees';
import { VigilanceChip } from '../../../components/ui/Chips';
import { useHydroMessages } from '../messages';
import { LineIcon } from '../../../components/ui/LineIcon';
import { ICON } from '../../../components/ui/icons';

const BORDER: Record<number, string> = {
  1: 'border-l-green-700',
  2: 'border-l-yellow-500',
  3: 'border-l-orange-600',
  4: 'border-l-red-700',
};

/** Ended alerts stay listed this long after their end (data time), then only current ones are shown. */
export const ALERTES_RECENTES_MS = 30 * 86_400_000;

/** Current alerts, and those ended within ALERTES_RECENTES_MS of `now` (the data "now"; null: current only). */
export function alertesVisibles(alertes: readonly Alerte[], now: number | null): Alerte[] {
  return alertes
    .filter((a) => a.en_cours || (now !== null && (a.fin ?? a.debut) >= now - ALERTES_RECENTES_MS))
    .sort((a, b) => Number(b.en_cours) - Number(a.en_cours) || b.niveau - a.niveau || b.debut - a.debut);
}

export function AlertesList({
  alertes: all,
  titleId,
  now,
}: {
  alertes: readonly Alerte[];
  titleId: string;
  now: number | null;
}) {
  const m = useHydroMessages();
  const alertes = alertesVisibles(all, now);
  const masquees = useAlertesMasquees((s) => s.ids);
  const masquer = useAlertesMasquees((s) => s.masquer);
  const reafficher = useAlertesMasquees((s) => s.reafficher);
  if (alertes.length === 0) return null;
  const hidden = alertes.filter((a) => masquees.includes(a.id));
  const shown = alertes.filter((a) => !masquees.includes(a.id));
  const source = (a: Alerte) =>
    a.source === 'vigicrues'
      ? m('sourceVigicrues')
      : a.source === 'seuil'
        ? m('sourceSeuil')
        : m('sourceManuel');
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h2 id={titleId} className="text-lg font-semibold">
        {alertes.some((a) => a.en_cours) ? m('alertes') : m('alertesTerminees')}
      </h2>
      {shown.length > 0 && (
        <ul className="space-y-2">
          {shown.map((a) => (
            <li
              key={a.id}
              className={`card flex flex-wrap items-start gap-3 border-l-4 ${BORDER[a.niveau] ?? 'border-l-slate-500'}`}
            >
              <LineIcon d={ICON.attention} size={22} className="mt-0.5 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{a.titre}</p>
                <p className="mt-1 text-sm">{a.message}</p>
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
                  {a.source === 'vigicrues' && <VigilanceChip niveau={a.niveau} ts={a.debut} historique />}
                  <span>{source(a)}</span>
                  <span aria-hidden="true">·</span>
                  <span>
                    {a.fin !== null && !a.en_cours
                      ? m('du', { debut: formatDateTime(a.debut), fin: formatDateTime(a.fin) })
                      : m('depuis', { date: formatDateTime(a.debut) })}
                  </span>
                </p>
              </div>
              <button
                type="button"
                className="btn-secondary !min-h-11 !px-3 !py-1 text-sm"
                onClick={() => masquer(a.id)}
                aria-label={m('masquerAlerte', { titre: a.titre })}
              >
                {m('masquer')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {hidden.length > 0 && (
        <p className="flex flex-wrap items-center gap-3 text-sm text-muted">
          <span>{m('masquees', { n: hidden.length })}</span>
          <button
            type="button"
            className="link min-h-11 font-medium underline"
            onClick={() => reafficher(hidden.map((a) => a.id))}
          >
            {m('reafficher')}
          </button>
        </p>
      )}
    </section>
  );
}
