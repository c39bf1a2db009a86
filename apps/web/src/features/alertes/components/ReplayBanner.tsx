/**
 * « Relecture en cours : <simulated instant> » (docs/decisions/059, 142): shown at the top of every page while
 * `npm run replay` plays recorded data into the database. The instant it shows is the screen's one clock — the data
 * clock of `/api/health` (`donnees.relecture`), from the same answer the ages, verdicts and vigilance read — so that
 * the banner, the readings and their ages agree. While it runs, the page's data are read again at once and then
 * every 10 seconds (readings first, then the clock: the clock is never behind a reading shown), never from the
 * browser's HTTP cache. A place of a recorded episode keeps its own clock, and the banner says so.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentEpisode } from '../../../api/episode-scope';
import { healthQuery } from '../../../api/health';
import { replayQuery } from '../../../api/replay';
import { setReplayRunning } from '../../../api/replay-running';
import { setRevalidateAll } from '../../../lib/api';
import { formatDateTime, formatLongDate, formatNumber } from '../../../lib/format';
import { defineMessages } from '../../../lib/i18n';

const useReplayMessages = defineMessages(
  {
    relecture: 'Relecture en cours\u00a0: {temps}',
    horloge: 'Les valeurs, leurs âges et la vigilance affichés sont ceux de cet instant.',
    horlogeEpisode:
      'Ce lieu appartient à un épisode enregistré\u00a0: il garde l’horloge de son épisode, nommée plus haut.',
    relectureDetail:
      'Données enregistrées de la crue de janvier 2022 rejouées × {vitesse}, fenêtre du {debut} au {fin}.',
  },
  {
    relecture: 'Replay running: {temps}',
    horloge: 'The values, their ages and the vigilance shown are those of this instant.',
    horlogeEpisode: 'This place belongs to a recorded episode: it keeps its episode’s clock, named above.',
    relectureDetail: 'Recorded data of the January 2022 flood replayed × {vitesse}, window {debut} to {fin}.',
  },
);

/** Query keys of the data a page shows; the clock (`health`) is read after them. */
const DATA_KEYS = ['hydro', 'activites', 'user'];

export default function ReplayBanner() {
  const m = useReplayMessages();
  const q = useQuery(replayQuery());
  const client = useQueryClient();
  const r = q.data;
  const running = r?.en_cours === true;
  const clock = useQuery({ ...healthQuery(), select: (h) => h.donnees.relecture ?? null });
  const episode = useCurrentEpisode();
  // The screen's clock; the replay's own answer until the data clock has followed it.
  const simulated = clock.data ?? r?.temps_simule ?? null;

  useEffect(() => {
    if (r) setReplayRunning(running);
  }, [r, running]);

  // While it runs, and once when it ends, the pages' data are read again (at once, then every 10 s, whatever the
  // speed): the readings first, then the clock, so that no reading shown is after the instant shown.
  useEffect(() => {
    if (!running) return;
    setRevalidateAll(true);
    const refresh = async () => {
      await Promise.all(DATA_KEYS.map((key) => client.invalidateQueries({ queryKey: [key] })));
      await client.invalidateQueries({ queryKey: ['health'] });
    };
    void refresh();
    const timer = window.setInterval(() => void refresh(), 10_000);
    return () => {
      window.clearInterval(timer);
      setRevalidateAll(false);
      void refresh();
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
        <span>{m(episode === null ? 'horloge' : 'horlogeEpisode')}</span>
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
