/** The controls of the Données tab: period chips, the end day (‹ › and a date picker), the quantity chips. */
import { useId } from 'react';
import { SERIE_STYLES } from '@limni/shared/domain/series';
import { addDays, isIsoDay } from '@limni/shared/domain/time';
import { nomCapteur } from '../../../../lib/capteur-nom';
import { useLieuMessages } from '../../messages';
import { useHistoryMessages } from '../history-messages';
import { isLongPeriode, PERIODES, type DonneesWindow, type Periode } from '../hooks/use-donnees-window';

const PERIODE_KEYS = { 1: 'periode1', 7: 'periode7', 30: 'periode30' } as const;

/** The label of a period: « 24 heures » … « 1 an », « 5 ans », « Tout ». */
export function usePeriodeLabel(): (p: Periode) => string {
  const m = useLieuMessages();
  const h = useHistoryMessages();
  return (p) => (p === 1 || p === 7 || p === 30 ? m(PERIODE_KEYS[p]) : h(`periode${p}`));
}

/** A labelled group of toggle chips (period, quantity). */
function ChipGroup<V extends string | number>({
  label,
  options,
  current,
  onSelect,
}: {
  label: string;
  options: { value: V; label: string }[];
  current: V;
  onSelect: (value: V) => void;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <p id={id} className="mb-1 text-sm font-medium max-sm:sr-only">
        {label}
      </p>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            className="chip"
            aria-pressed={current === o.value}
            onClick={() => onSelect(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

export function DonneesControls({
  view,
  jourDebut,
  jourFin,
  archive,
}: {
  view: DonneesWindow;
  jourDebut: string;
  jourFin: string;
  /** The place has a daily archive: the long periods are offered. */
  archive: boolean;
}) {
  const m = useLieuMessages();
  const label = usePeriodeLabel();
  const dateId = useId();
  const { date, jours, grandeurs } = view;
  return (
    // On a phone the labels are for screen readers only (the chips and the date say what they are): two short rows.
    <div className="flex flex-wrap items-end gap-x-6 gap-y-2 sm:gap-y-4">
      <ChipGroup
        label={m('periode')}
        options={PERIODES.filter((p) => archive || !isLongPeriode(p)).map((p) => ({
          value: p,
          label: label(p),
        }))}
        current={jours}
        onSelect={view.setJours}
      />
      <div>
        <label htmlFor={dateId} className="mb-1 block text-sm font-medium max-sm:sr-only">
          {m('jusquau')}
        </label>
        <div className="flex items-center gap-1">
          {([-1, 1] as const).map((dir) => (
            <button
              key={dir}
              type="button"
              className={`btn-secondary !px-3 ${dir > 0 ? 'order-3' : ''}`}
              onClick={() => view.setDate(addDays(date, dir * jours))}
              disabled={jours === 0 || (dir < 0 ? date <= jourDebut : date >= jourFin)}
              aria-label={m(dir < 0 ? 'precedente' : 'suivante')}
              title={m(dir < 0 ? 'precedente' : 'suivante')}
            >
              <span aria-hidden="true">{dir < 0 ? '‹' : '›'}</span>
            </button>
          ))}
          <input
            id={dateId}
            type="date"
            className="field order-2 !w-auto dark:scheme-dark"
            min={jourDebut}
            max={jourFin}
            value={date}
            onChange={(e) => {
              if (isIsoDay(e.target.value)) view.setDate(e.target.value);
            }}
          />
        </div>
      </div>
      {grandeurs.length > 1 && (
        <ChipGroup
          label={m('grandeur')}
          options={grandeurs.map((x) => ({ value: x, label: nomCapteur(SERIE_STYLES[x].nom) }))}
          current={view.g}
          onSelect={view.setGrandeur}
        />
      )}
    </div>
  );
}
