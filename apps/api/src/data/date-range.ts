/** The first and last observation instants of a place or an entity, with their Paris days. */
import type { DateRange } from '@limni/shared/contracts/hydro';
import { parisDay } from '@limni/shared/domain/time';

export function toDateRange(debut: number | null, fin: number | null): DateRange {
  return {
    debut,
    fin,
    jour_debut: debut === null ? null : parisDay(debut),
    jour_fin: fin === null ? null : parisDay(fin),
  };
}
