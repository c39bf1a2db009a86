/** The records of the place's daily archive with their dates, its span and its source (Infos tab, ADR 087). */
import { useQuery } from '@tanstack/react-query';
import { lieuDaterangeQuery, normalesQuery } from '../../../api/lieu';
import { formatLongDate, formatValue } from '../../../lib/format';
import { parisWallToUtcDay } from './chart-data';
import { useHistoryMessages } from './history-messages';

const longDay = (day: string) => formatLongDate(parisWallToUtcDay(day) + 12 * 3_600_000);

export function Records({ lieuId }: { lieuId: number }) {
  const h = useHistoryMessages();
  const range = useQuery(lieuDaterangeQuery(lieuId));
  const date = range.data?.jour_fin ?? null;
  const q = useQuery({ ...normalesQuery(lieuId, date ?? '2000-01-01'), enabled: date !== null });
  const n = q.data;
  if (!n?.archive || !n.records.max || !n.records.min) return null;
  const unite = n.capteur?.unite ?? '';
  const periode = `${n.archive.premier_jour.slice(0, 4)}–${n.archive.dernier_jour.slice(0, 4)}`;
  return (
    <section aria-labelledby="records-titre" className="card">
      <h2 id="records-titre" className="mb-2 text-lg font-semibold">
        {h('records', { periode })}
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          {h('recordMax', {
            valeur: formatValue(n.records.max.valeur, unite),
            date: longDay(n.records.max.jour),
          })}
        </li>
        <li>
          {h('recordMin', {
            valeur: formatValue(n.records.min.valeur, unite),
            date: longDay(n.records.min.jour),
          })}
        </li>
      </ul>
      <p className="mt-2 text-sm text-muted">
        {h('recordsSource', {
          n: n.archive.nb_jours,
          debut: longDay(n.archive.premier_jour),
          fin: longDay(n.archive.dernier_jour),
          origine: n.origine ?? '—',
        })}
      </p>
      {!n.periode && n.raison && <p className="mt-2 text-sm text-muted">{n.raison}</p>}
    </section>
  );
}
