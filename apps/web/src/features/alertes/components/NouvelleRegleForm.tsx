/**
 * « Ajouter une alerte » in the « M'alerter » dialog (docs/decisions/055): when to warn (the rule types the place
 * and the account allow), the quantity and thresholds with the latest value measured, and — on a place not
 * followed yet — the defaults of a new abonnement, checked. State and submission: `useNouvelleRegle`.
 *
 *   <NouvelleRegleForm data={lieuAlertes} onCreated={close} />
 */
import { useId } from 'react';
import type { LieuAlertes, RegleSuggestion, TypeRegle } from '@limni/shared/contracts/alertes';
import { UNITE_PAR_GRANDEUR } from '@limni/shared/domain/units';
import { formatDateTime, formatValue } from '../../../lib/format';
import { useAlertMessages } from '../regles-messages';
import { TYPE_LABELS, TYPES, typeDisabled, type RegleForm } from '../regle-form';
import { useNouvelleRegle } from '../hooks/use-nouvelle-regle';
import { LineIcon } from '../../../components/ui/LineIcon';
import { ICON } from '../../../components/ui/icons';

function NumberField({
  id,
  label,
  value,
  onChange,
  errors,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  errors: string[];
}) {
  return (
    <div className="min-w-0 flex-1 basis-32">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className="field mt-1 tabular-nums"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? `${id}-e` : undefined}
      />
      {errors.length > 0 && (
        <p id={`${id}-e`} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
          <LineIcon d={ICON.attention} size={16} className="mr-1 inline-block shrink-0 align-[-3px]" />
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/** « Me prévenir quand »: one radio per rule type, the impossible ones disabled with the reason. */
function TypeFieldset({
  id,
  data,
  type,
  onChange,
}: {
  id: string;
  data: LieuAlertes;
  type: TypeRegle;
  onChange: (t: TypeRegle) => void;
}) {
  const m = useAlertMessages();
  const hasVigilance = data.regles.some((r) => r.type === 'vigilance');
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-medium">{m('quand')}</legend>
      <div className="mt-1 grid gap-1">
        {TYPES.map((t) => (
          <label
            key={t}
            className={`flex min-h-11 items-center gap-3 rounded-lg px-2 ${typeDisabled(data, t) ? 'text-muted' : 'cursor-pointer hover:bg-sky-50 dark:hover:bg-white/5'}`}
          >
            <input
              type="radio"
              name={`${id}-type`}
              value={t}
              checked={type === t}
              disabled={typeDisabled(data, t)}
              onChange={() => onChange(t)}
              className="h-5 w-5 accent-brand"
            />
            <span>{m(TYPE_LABELS[t])}</span>
          </label>
        ))}
      </div>
      {!data.prevision_possible && data.prevision_raison && (
        <p className="mt-1 text-sm text-muted">
          {m('previsionImpossible', { raison: data.prevision_raison })}
        </p>
      )}
      {!data.vigilance_possible && <p className="mt-1 text-sm text-muted">{m('vigilanceImpossible')}</p>}
      {data.vigilance_possible && hasVigilance && (
        <p className="mt-1 text-sm text-muted">{m('dejaVigilance')}</p>
      )}
    </fieldset>
  );
}

/** The quantity (when the place measures both), the thresholds of the type, and the latest value measured. */
function SeuilFields({
  id,
  data,
  form,
  errors,
  edit,
  onGrandeur,
}: {
  id: string;
  data: LieuAlertes;
  form: RegleForm;
  errors: Record<string, string[]>;
  edit: (field: keyof RegleForm, errorField?: string) => (v: string) => void;
  onGrandeur: (g: 'H' | 'Q') => void;
}) {
  const m = useAlertMessages();
  const { type, grandeur } = form;
  const capteur = data.grandeurs.find((g) => g.grandeur === grandeur) ?? data.grandeurs[0];
  const unite = UNITE_PAR_GRANDEUR[grandeur];
  // Rates of water levels are typed in cm/h (what people read on the trend arrow).
  const uniteMontee = grandeur === 'H' ? 'cm' : unite;
  const seuilLabel =
    type === 'montee'
      ? m('seuilMontee', { unite: uniteMontee })
      : type === 'retour_plage'
        ? m('seuilBas', { unite })
        : m('seuil', { unite });
  return (
    <div className="mt-3 space-y-3">
      {data.grandeurs.length > 1 && (
        <div>
          <label htmlFor={`${id}-g`} className="text-sm font-medium">
            {m('grandeur')}
          </label>
          <select
            id={`${id}-g`}
            className="field mt-1"
            value={grandeur}
            onChange={(e) => onGrandeur(e.target.value === 'Q' ? 'Q' : 'H')}
          >
            {data.grandeurs.map((g) => (
              <option key={g.grandeur} value={g.grandeur}>
                {m(g.grandeur === 'H' ? 'grandeurH' : 'grandeurQ')}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <NumberField
          id={`${id}-s`}
          label={seuilLabel}
          value={form.seuil}
          onChange={edit('seuil')}
          errors={errors.seuil ?? []}
        />
        {type === 'retour_plage' && (
          <NumberField
            id={`${id}-s2`}
            label={m('seuilHaut', { unite })}
            value={form.seuil2}
            onChange={edit('seuil2')}
            errors={errors.seuil2 ?? []}
          />
        )}
        {type === 'prevision' && (
          <NumberField
            id={`${id}-h`}
            label={m('horizon')}
            value={form.horizon}
            onChange={edit('horizon', 'horizon_h')}
            errors={errors.horizon_h ?? []}
          />
        )}
      </div>
      {capteur?.derniere_valeur != null && capteur.dernier_ts !== null && (
        <p className="text-sm text-muted">
          {m('derniereMesure', {
            valeur: formatValue(capteur.derniere_valeur, capteur.unite),
            date: formatDateTime(capteur.dernier_ts),
          })}
        </p>
      )}
    </div>
  );
}

/** « Aussi » : the defaults of a new abonnement, each with why, checked at first. */
function SuggestionsFieldset({
  suggestions,
  checked,
  onChange,
}: {
  suggestions: RegleSuggestion[];
  checked: boolean[];
  onChange: (checked: boolean[]) => void;
}) {
  const m = useAlertMessages();
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium">{m('aussi')}</legend>
      <div className="mt-1 grid gap-1">
        {suggestions.map((s, i) => (
          <label
            key={s.description}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-1.5 hover:bg-sky-50 dark:hover:bg-white/5"
          >
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand"
              checked={checked[i] ?? false}
              onChange={(e) => onChange(checked.map((c, j) => (j === i ? e.target.checked : c)))}
            />
            <span>
              <span className="block">{s.description}</span>
              <span className="block text-sm text-muted">{s.raison}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function NouvelleRegleForm({
  data,
  onCreated,
  activiteId,
}: {
  data: LieuAlertes;
  onCreated: () => void;
  activiteId?: number;
}) {
  const m = useAlertMessages();
  const id = useId();
  const f = useNouvelleRegle(data, onCreated, activiteId);

  if (f.possible.length === 0) {
    return <p className="mt-5 border-t border-line pt-4 text-muted">{m('aucunePossible')}</p>;
  }
  return (
    <form onSubmit={f.submit} noValidate className="mt-5 border-t border-line pt-4">
      <h3 className="font-semibold">{m('ajouter')}</h3>
      <TypeFieldset id={id} data={data} type={f.form.type} onChange={(type) => f.choose({ type })} />
      {f.form.type !== 'vigilance' && (
        <SeuilFields
          id={id}
          data={data}
          form={f.form}
          errors={f.errors}
          edit={f.edit}
          onGrandeur={(grandeur) => f.choose({ grandeur })}
        />
      )}
      {f.suggestions.length > 0 && (
        <SuggestionsFieldset suggestions={f.suggestions} checked={f.checked} onChange={f.setChecked} />
      )}
      {(f.errors._ ?? []).length > 0 && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800 dark:text-red-300">
          {f.errors._?.join(' ')}
        </p>
      )}
      <div className="mt-4 flex justify-end">
        <button type="submit" className="btn-primary" disabled={f.pending} aria-busy={f.pending}>
          {f.count > 1 ? m('creerAvec', { n: f.count }) : m('creer')}
        </button>
      </div>
    </form>
  );
}
