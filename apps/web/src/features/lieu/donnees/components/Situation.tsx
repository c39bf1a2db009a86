/**
 * One plain sentence under a value: its class for the date, the usual range on that date and its rank (ADR 087);
 * for a place without a band, why there is none.
 */
import { useQuery } from '@tanstack/react-query';
import { normalesQuery } from '../../../../api/lieu';
import { dateTimeFormat, formatValue } from '../../../../lib/format';
import { currentLocale } from '../../../../lib/i18n';
import { parisWallToUtcDay } from '../chart-data';
import { ofMaxima, situation } from '../history';
import { useHistoryMessages } from '../history-messages';

/** « 2 juin » of a `YYYY-MM-DD` day. */
export function dayMonth(day: string): string {
  const text = dateTimeFormat(currentLocale(), {
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/Paris',
  }).format(parisWallToUtcDay(day) + 12 * 3_600_000);
  return currentLocale() === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
}

export function Situation({
  lieuId,
  date,
  showReason = false,
}: {
  lieuId: number;
  date: string;
  showReason?: boolean;
}) {
  const h = useHistoryMessages();
  const q = useQuery(normalesQuery(lieuId, date));
  if (!q.data) return null;
  const s = situation(q.data);
  const unite = q.data.capteur?.unite ?? '';
  if (!s) {
    return showReason && q.data.raison ? (
      <p className="text-sm text-muted" data-testid="situation">
        {q.data.raison}
      </p>
    ) : null;
  }
  const params = {
    classe: h(s.classe),
    jour: dayMonth(date),
    valeur: formatValue(s.valeur, unite),
    bas: formatValue(s.bas, unite),
    haut: formatValue(s.haut, unite),
    rang: s.rang ?? 0,
    periode: s.periode,
  };
  // An archive of daily maxima names them so (docs/decisions/140).
  const text = ofMaxima(q.data)
    ? h(s.rang === null ? 'phraseSansRangMax' : 'phraseMax', params)
    : h(s.rang === null ? 'phraseSansRang' : 'phrase', params);
  return (
    <p className="text-sm" data-testid="situation">
      {currentLocale() === 'fr-FR' ? text : text.charAt(0).toUpperCase() + text.slice(1)}
    </p>
  );
}
