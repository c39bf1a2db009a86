/**
 * The records of the place's daily archive with their dates, its span and its source (Infos tab, ADR 087); for an
 * archive of daily maxima, its highest annual maxima and the rank of this year's highest so far (ADR 140).
 */
import { useQuery } from '@tanstack/react-query';
import type { MaximaAnnuels } from '@limni/shared/contracts/historique';
import { lieuDaterangeQuery, normalesQuery } from '../../../../api/lieu';
import { formatLongDate, formatNumber, formatValue } from '../../../../lib/format';
import { currentLangue } from '../../../../lib/i18n';
import { parisWallToUtcDay } from '../chart-data';
import { ofMaxima, ordinal } from '../history';
import { useHistoryMessages } from '../history-messages';
import { dayMonth } from './Situation';

const longDay = (day: string) => formatLongDate(parisWallToUtcDay(day) + 12 * 3_600_000);

/** The highest annual maxima with their days, and where this year's highest so far ranks among them. */
function AnnualMaxima({ m, date, unite }: { m: MaximaAnnuels; date: string; unite: string }) {
  const h = useHistoryMessages();
  const periode = `${m.debut}–${m.fin}`;
  const a = m.annee;
  return (
    <>
      {a && (
        <p className="mt-2" data-testid="rang-annuel">
          {h(a.rang === 1 ? 'rangAnnee1' : 'rangAnnee', {
            annee: date.slice(0, 4),
            date: dayMonth(date),
            // Daily maxima are read to the millimetre: three decimals tell 4,306 m from 4,310 m.
            valeur: formatValue(a.valeur, unite, 3),
            jour: longDay(a.jour),
            rang: ordinal(a.rang, currentLangue()),
            n: a.sur,
            periode,
          })}
        </p>
      )}
      <p className="mt-2">{h('plusHautsMaxima', { n: m.nb_annees, periode })}</p>
      <ol className="list-decimal space-y-1 pl-5">
        {m.plus_hauts.map((x) => (
          <li key={x.jour}>
            {h('maximumAnnuel', { valeur: formatValue(x.valeur, unite, 3), date: longDay(x.jour) })}
          </li>
        ))}
      </ol>
    </>
  );
}

export function Records({ lieuId }: { lieuId: number }) {
  const h = useHistoryMessages();
  const range = useQuery(lieuDaterangeQuery(lieuId));
  const date = range.data?.jour_fin ?? null;
  const q = useQuery({ ...normalesQuery(lieuId, date ?? '2000-01-01'), enabled: date !== null });
  const n = q.data;
  if (!n?.archive || !n.records.max || !n.records.min) return null;
  const unite = n.capteur?.unite ?? '';
  const periode = `${n.archive.premier_jour.slice(0, 4)}–${n.archive.dernier_jour.slice(0, 4)}`;
  const max = ofMaxima(n);
  return (
    <section aria-labelledby="records-titre" className="card">
      <h2 id="records-titre" className="mb-2 text-lg font-semibold">
        {h('records', { periode })}
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          {h(max ? 'recordMaxMax' : 'recordMax', {
            valeur: formatValue(n.records.max.valeur, unite),
            date: longDay(n.records.max.jour),
          })}
        </li>
        <li>
          {h(max ? 'recordMinMax' : 'recordMin', {
            valeur: formatValue(n.records.min.valeur, unite),
            date: longDay(n.records.min.jour),
          })}
        </li>
      </ul>
      {max && n.maxima_annuels && date && (
        <AnnualMaxima
          m={n.maxima_annuels}
          // « Up to » the archive's last day: a later date it does not reach would say more than it knows.
          date={n.archive.dernier_jour < date ? n.archive.dernier_jour : date}
          unite={unite}
        />
      )}
      <p className="mt-2 text-sm text-muted">
        {h('recordsSource', {
          n: formatNumber(n.archive.nb_jours),
          debut: longDay(n.archive.premier_jour),
          fin: longDay(n.archive.dernier_jour),
          origine: n.origine ?? '—',
        })}
      </p>
      {!n.periode && n.raison && <p className="mt-2 text-sm text-muted">{n.raison}</p>}
    </section>
  );
}
