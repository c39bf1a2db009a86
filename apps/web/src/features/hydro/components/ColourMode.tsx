/**
 * How a map colours its markers: by its usual state (vigilance and readings on the chooser, the activity's verdict on
 * an entity) or by the situation against the usual range of the date (docs/decisions/100). A pair of radio buttons,
 * and the legend entries of the classes, each colour with its word.
 */
import { useId } from 'react';
import { CLASSES, type Classe } from '@limni/shared/domain/climatologie';
import { useT } from '../../../lib/i18n';
import { CLASSE_COLORS, COLOR_NO_DATA } from '../state-colors';

export type ModeCouleur = 'etat' | 'normale';

/** Marker colour of a class; grey when there is no current class. */
export const classeColor = (c: Classe | null): string => (c === null ? COLOR_NO_DATA : CLASSE_COLORS[c]);

/** The legend of the « normale » mode, from very high to very low, then grey. */
export function useClasseLegend(): Array<{ color: string; label: string }> {
  const t = useT();
  return [
    ...[...CLASSES].reverse().map((c) => ({ color: CLASSE_COLORS[c], label: t(`classe.${c}`) })),
    { color: COLOR_NO_DATA, label: t('classe.aucune') },
  ];
}

export function ColourModeSwitch({
  value,
  onChange,
  etatLabel,
}: {
  value: ModeCouleur;
  onChange: (v: ModeCouleur) => void;
  /** What the usual colours show on this map. */
  etatLabel: string;
}) {
  const t = useT();
  const name = useId();
  const options: Array<[ModeCouleur, string]> = [
    ['etat', etatLabel],
    ['normale', t('classe.titre')],
  ];
  return (
    <fieldset className="text-xs">
      <legend className="font-semibold">{t('couleur.titre')}</legend>
      <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {options.map(([v, label]) => (
          <label key={v} className="inline-flex min-h-6 cursor-pointer items-center gap-1.5">
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onChange(v)}
              className="accent-brand"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
