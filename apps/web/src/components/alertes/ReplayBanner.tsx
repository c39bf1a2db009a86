/**
 * « Relecture en cours : <simulated time> » (docs/decisions/059): shown at the top of every page while
 * `npm run replay` plays recorded data into the database. While it runs, the data the pages show are read again
 * every 10 seconds, so the place values follow the simulated clock.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { replayQuery } from '../../api/replay';
import { formatDateTime, formatLongDate, formatNumber } from '../../lib/format';
import { defineMessages } from '../../lib/i18n';

const useReplayMessages = defineMessages(
  {
    relecture: 'Relecture en cours : {temps}',
    relectureDetail:
      'Données enregistrées de la crue de janvier 2022 rejouées × {vitesse}, fenêtre du {debut} au {fin}.',
  },
  {
    relecture: 'Replay running: {temps}',
    relectureDetail: 'Recorded data of the January 2022 flood replayed × {vitesse}, window {debut} to {fin}.',
  },
);

export default function ReplayBanner() {
  const m = useReplayMessages();
  const q = useQuery(replayQuery());
  const client = useQueryClient();
  const r = q.data;
  const running = r?.en_cours === true;
  const simulated = r?.temps_simule ?? null;

  // While it runs, and once when it ends, the pages' data are read again (every 10 s, whatever the speed).
  useEffect(() => {
    if (!running) return;
    const refresh = () => {
      for (const key of ['hydro', 'activites', 'health', 'user']) {
        void client.invalidateQueries({ queryKey: [key] });
      }
    };
    const timer = window.setInterval(refresh, 10_000);
    return () => {
      window.clearInterval(timer);
      refresh();
    };
  }, [client, running]);

  if (!r || !running || simulated === null) return null;
  return (
    <div
      role="status"
      className="border-b border-violet-300 bg-violet-50 text-violet-950 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2 text-sm">
        <strong className="font-semibold">{m('relecture', { temps: formatDateTime(simulated) })}</strong>
        {r.debut !== null && r.fin !== null && r.vitesse !== null && (
          <span>
            {m('relectureDetail', {
              vitesse: formatNumber(r.vitesse),
              debut: formatLongDate(r.debut),
              fin: formatLongDate(r.fin - 1),
            })}
          </span>
        )}
      </div>
    </div>
  );
}
