/** The legend of the chooser's map. */
import { useId } from 'react';
import { COLOR_NO_DATA, COLOR_WITH_DATA, VIGILANCE_COLORS } from '../../hydro';
import { ColourModeSwitch, type ModeCouleur, useClasseLegend } from '../../hydro';
import { formatLongDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useChoisirMessages } from '../messages';

/** Marker legend: colour and shape, each with its word (never colour alone). */
export function MapLegend({
  bulletin,
  mode,
  onMode,
}: {
  bulletin: { date: number | null; courant: boolean };
  mode: ModeCouleur;
  onMode: (m: ModeCouleur) => void;
}) {
  const t = useT();
  const m = useChoisirMessages();
  const id = useId();
  const classes = useClasseLegend();
  // Vigilance colours only from a current bulletin (docs/decisions/094).
  const vigilance: Array<[string, string, string]> = bulletin.courant
    ? [
        [VIGILANCE_COLORS[4] ?? '', 'rounded-full', t('vigilance.4')],
        [VIGILANCE_COLORS[3] ?? '', 'rounded-full', t('vigilance.3')],
        [VIGILANCE_COLORS[2] ?? '', 'rounded-full', t('vigilance.2')],
      ]
    : [];
  const items: Array<[string, string, string]> =
    mode === 'normale'
      ? classes.map((c) => [c.color, 'rounded-full', c.label])
      : [
          ...vigilance,
          [COLOR_WITH_DATA, 'rounded-full', m('legendeMesures')],
          [COLOR_NO_DATA, 'rounded-full', m('legendeSansMesure')],
        ];
  return (
    <div className="rounded-lg border border-line bg-white/95 px-3 py-2 text-xs shadow-sm dark:bg-[#0f1a22]/95">
      <ColourModeSwitch value={mode} onChange={onMode} etatLabel={t('couleur.etat')} />
      <p id={id} className="mt-2 font-semibold">
        {m('legende')}
      </p>
      <ul aria-labelledby={id} className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 sm:grid-cols-1">
        {items.map(([color, shape, label]) => (
          <li key={label} className="flex items-center gap-1.5">
            {/* An SVG fill, not a style attribute: the chooser is prerendered (docs/decisions/116). */}
            <svg aria-hidden="true" viewBox="0 0 12 12" className={`h-3 w-3 shrink-0 ${shape}`}>
              <circle cx="6" cy="6" r="5.5" fill={color} stroke="white" strokeWidth="1" />
            </svg>
            {label}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 shrink-0 rounded-full border-[2.5px] border-brand bg-white"
          />
          {m('legendeLac')}
        </li>
        <li className="col-span-2 flex items-center gap-1.5 sm:col-span-1">
          <span
            aria-hidden="true"
            className="inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full border-[3px] border-brand bg-white text-[8px] font-bold"
          >
            2
          </span>
          {m('legendeGroupe')}
        </li>
      </ul>
      {mode === 'normale' && (
        <details className="mt-1 max-w-56">
          <summary className="cursor-pointer text-brand">{t('classe.comment')}</summary>
          <p className="mt-1 text-muted">{t('classe.regle')}</p>
        </details>
      )}
      {mode === 'etat' && !bulletin.courant && bulletin.date !== null && (
        <p className="mt-1 max-w-56 text-muted">
          {m('legendeVigilanceAncienne', { date: formatLongDate(bulletin.date) })}
        </p>
      )}
    </div>
  );
}
