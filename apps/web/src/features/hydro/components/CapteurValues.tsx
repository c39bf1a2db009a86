/**
 * Latest value of each sensor with its unit and trend arrow ("Hauteur 0,70 m ↗ +2 cm/h · Débit 123 m³/s — moyenne du
 * 31 janvier 2022").
 */
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import { formatLongDate, formatValue } from '../../../lib/format';
import { TrendArrow } from './TrendArrow';
import { useHydroMessages } from '../messages';
import { needsOwnDay, sortCapteurs } from '../capteurs';

export function grandeurKey(g: string): 'grandeurH' | 'grandeurQ' | 'grandeurT' {
  return g === 'Q' ? 'grandeurQ' : g === 'T' ? 'grandeurT' : 'grandeurH';
}

export function CapteurValues({
  capteurs,
  datedTs,
}: {
  capteurs: readonly EtatCapteur[];
  /** The instant the freshness line beside the values dates: a daily mean of another day says its own (ADR 143). */
  datedTs?: number | null;
}) {
  const m = useHydroMessages();
  const shown = sortCapteurs(capteurs).filter((c) => c.valeur !== null);
  if (shown.length === 0) {
    return (
      <span className="text-sm text-muted">{m(capteurs.length ? 'aucuneMesure' : 'stationSansMesure')}</span>
    );
  }
  return (
    <span className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
      {shown.map((c) => (
        <span key={c.capteur_id} className="inline-flex flex-wrap items-baseline gap-x-1.5">
          <span className="text-xs uppercase tracking-wide text-muted">{m(grandeurKey(c.grandeur))}</span>
          <span className="text-lg font-semibold tabular-nums">{formatValue(c.valeur, c.unite)}</span>
          <TrendArrow tendance={c.tendance} variationH={c.variation_h} unite={c.unite} />
          {needsOwnDay(c, datedTs) && (
            <span className="text-sm text-muted" data-testid="moyenne-du">
              — {m('moyenneDu', { jour: formatLongDate(c.ts) })}
            </span>
          )}
        </span>
      ))}
    </span>
  );
}
