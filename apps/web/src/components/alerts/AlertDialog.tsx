/**
 * « M'alerter » (design.md, place header; docs/decisions/055): the person's alert rules on a place (switch on or
 * off, delete) and a form to add one — above a threshold, below, rising faster than, back within a range, a
 * forecast above a threshold (accounts allowed to see forecasts that accepted forecast alerts), vigilance
 * changes. On a place not followed yet, the defaults of a subscription are proposed, checked; creating follows
 * the place. A visitor is sent to sign in and comes back here.
 *
 *   <AlertDialog lieuId={1} nom="La Garonne à Toulouse (Pont-Neuf)" />
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import {
  regleInputProblems,
  type LieuAlertes,
  type RegleInput,
  type TypeRegle,
} from '@limni/shared/contracts/alertes';
import { createReglesMutation, invalidateAlertes, lieuReglesQuery } from '../../api/alertes';
import { failureOf } from '../../api/account';
import { formatDateTime, formatValue } from '../../lib/format';
import { useAccount } from '../../stores/account';
import { notify } from '../../stores/notifications';
import { Dialog } from '../ui/Dialog';
import { LineIcon } from '../ui/LineIcon';
import { ErrorState, SkeletonBlock } from '../ui/States';
import { useAlertMessages } from './messages';
import { RuleRow } from './RuleRow';

const BELL_PLUS = 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8zm4.5 12a1.5 1.5 0 0 0 3 0M12 6v6M9 9h6';

type FormType = TypeRegle;
const TYPE_LABELS: Record<FormType, Parameters<ReturnType<typeof useAlertMessages>>[0]> = {
  au_dessus: 'typeAuDessus',
  en_dessous: 'typeEnDessous',
  montee: 'typeMontee',
  retour_plage: 'typePlage',
  prevision: 'typePrevision',
  vigilance: 'typeVigilance',
};
const TYPES = Object.keys(TYPE_LABELS) as FormType[];
const UNITES = { H: 'm', Q: 'm³/s' } as const;

/** "3,00" or "3.00" → 3; empty or not a number → null. */
function parseNumber(text: string): number | null {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

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
          <span aria-hidden="true">⚠ </span>
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

function NewRuleForm({ data, onCreated }: { data: LieuAlertes; onCreated: () => void }) {
  const m = useAlertMessages();
  const id = useId();
  const client = useQueryClient();
  const userId = useAccount((s) => s.user?.id ?? null);
  const create = useMutation(createReglesMutation(data.lieu.id));
  const hasVigilance = data.regles.some((r) => r.type === 'vigilance');
  const grandeurs = data.grandeurs;
  const disabled = (t: FormType) =>
    (t === 'vigilance' && (!data.vigilance_possible || hasVigilance)) ||
    (t === 'prevision' && !data.prevision_possible) ||
    (t !== 'vigilance' && grandeurs.length === 0);
  const possible = TYPES.filter((t) => !disabled(t));
  const [type, setType] = useState<FormType>(possible[0] ?? 'au_dessus');
  const [grandeur, setGrandeur] = useState<'H' | 'Q'>(grandeurs[0]?.grandeur ?? 'H');
  const [seuil, setSeuil] = useState('');
  const [seuil2, setSeuil2] = useState('');
  const [horizon, setHorizon] = useState('24');
  const [checked, setChecked] = useState<boolean[]>(() => data.suggestions.map(() => true));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  /** A field's value changed: its error (and the form's) no longer applies. */
  const edit = (field: string, set: (v: string) => void) => (v: string) => {
    set(v);
    setErrors(({ [field]: _field, _: _form, ...rest }) => rest);
  };
  const suggestions = data.abonne ? [] : data.suggestions;
  const mesure = grandeurs.find((g) => g.grandeur === grandeur) ?? grandeurs[0];
  const unite = UNITES[grandeur];
  // Rates of water levels are typed in cm/h (what people read on the trend arrow), stored in m/h.
  const uniteMontee = grandeur === 'H' ? 'cm' : 'm³/s';

  const ruleOfForm = (): { regle: RegleInput; problems: Record<string, string[]> } => {
    const problems: Record<string, string[]> = {};
    const num = (field: string, text: string) => {
      const v = parseNumber(text);
      if (v === null && text.trim() !== '') (problems[field] ??= []).push(m('nombreInvalide'));
      return v;
    };
    if (type === 'vigilance') return { regle: { type }, problems };
    let s = num('seuil', seuil);
    if (type === 'montee' && s !== null && grandeur === 'H') s = s / 100;
    const regle: RegleInput = {
      type,
      grandeur,
      seuil: s,
      ...(type === 'retour_plage' ? { seuil2: num('seuil2', seuil2) } : {}),
      ...(type === 'prevision' ? { horizon_h: parseNumber(horizon) } : {}),
    };
    // A field that is not a number already says so: its "missing" message would only repeat it.
    for (const [k, v] of Object.entries(regleInputProblems(regle))) if (!problems[k]) problems[k] = v;
    return { regle, problems };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { regle, problems } = ruleOfForm();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const extra = suggestions
      .filter((_s, i) => checked[i])
      .map((s) => s.regle)
      .filter((r) => !(r.type === 'vigilance' && regle.type === 'vigilance'));
    const regles = [regle, ...extra];
    create.mutate(regles, {
      onSuccess: () => {
        notify(
          regles.length > 1
            ? m('creees', { n: regles.length, nom: data.lieu.nom })
            : m('cree', { nom: data.lieu.nom }),
          { kind: 'success' },
        );
        void invalidateAlertes(client, userId);
        onCreated();
      },
      onError: (err) => {
        const f = failureOf(err);
        const fields: Record<string, string[]> = {};
        for (const [k, v] of Object.entries(f.fields)) fields[k.replace(/^regles\.0\./, '')] = v;
        setErrors(Object.keys(fields).length > 0 ? fields : { _: [f.message] });
      },
    });
  };

  const seuilLabel =
    type === 'montee'
      ? m('seuilMontee', { unite: uniteMontee })
      : type === 'retour_plage'
        ? m('seuilBas', { unite })
        : m('seuil', { unite });
  const count =
    1 +
    suggestions.filter((s, i) => checked[i] && !(s.regle.type === 'vigilance' && type === 'vigilance'))
      .length;

  if (possible.length === 0) {
    return <p className="mt-5 border-t border-line pt-4 text-muted">{m('aucunePossible')}</p>;
  }
  return (
    <form onSubmit={submit} noValidate className="mt-5 border-t border-line pt-4">
      <h3 className="font-semibold">{m('ajouter')}</h3>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">{m('quand')}</legend>
        <div className="mt-1 grid gap-1">
          {TYPES.map((t) => (
            <label
              key={t}
              className={`flex min-h-11 items-center gap-3 rounded-lg px-2 ${disabled(t) ? 'text-muted' : 'cursor-pointer hover:bg-sky-50 dark:hover:bg-white/5'}`}
            >
              <input
                type="radio"
                name={`${id}-type`}
                value={t}
                checked={type === t}
                disabled={disabled(t)}
                onChange={() => setType(t)}
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

      {type !== 'vigilance' && (
        <div className="mt-3 space-y-3">
          {grandeurs.length > 1 && (
            <div>
              <label htmlFor={`${id}-g`} className="text-sm font-medium">
                {m('grandeur')}
              </label>
              <select
                id={`${id}-g`}
                className="field mt-1"
                value={grandeur}
                onChange={(e) => setGrandeur(e.target.value === 'Q' ? 'Q' : 'H')}
              >
                {grandeurs.map((g) => (
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
              value={seuil}
              onChange={edit('seuil', setSeuil)}
              errors={errors.seuil ?? []}
            />
            {type === 'retour_plage' && (
              <NumberField
                id={`${id}-s2`}
                label={m('seuilHaut', { unite })}
                value={seuil2}
                onChange={edit('seuil2', setSeuil2)}
                errors={errors.seuil2 ?? []}
              />
            )}
            {type === 'prevision' && (
              <NumberField
                id={`${id}-h`}
                label={m('horizon')}
                value={horizon}
                onChange={edit('horizon_h', setHorizon)}
                errors={errors.horizon_h ?? []}
              />
            )}
          </div>
          {mesure?.derniere_valeur != null && mesure.dernier_ts !== null && (
            <p className="text-sm text-muted">
              {m('derniereMesure', {
                valeur: formatValue(mesure.derniere_valeur, mesure.unite),
                date: formatDateTime(mesure.dernier_ts),
              })}
            </p>
          )}
        </div>
      )}

      {suggestions.length > 0 && (
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
                  onChange={(e) => setChecked(checked.map((c, j) => (j === i ? e.target.checked : c)))}
                />
                <span>
                  <span className="block">{s.description}</span>
                  <span className="block text-sm text-muted">{s.raison}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {(errors._ ?? []).length > 0 && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800 dark:text-red-300">
          {errors._?.join(' ')}
        </p>
      )}
      <div className="mt-4 flex justify-end">
        <button
          type="submit"
          className="btn-primary"
          disabled={create.isPending}
          aria-busy={create.isPending}
        >
          {count > 1 ? m('creerAvec', { n: count }) : m('creer')}
        </button>
      </div>
    </form>
  );
}

/** The dialog itself (also opened from the profile's « Mes alertes »). */
export function RulesDialog({
  lieuId,
  nom,
  open,
  onOpenChange,
}: {
  lieuId: number;
  nom: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const m = useAlertMessages();
  const userId = useAccount((s) => s.user?.id ?? null);
  const q = useQuery({ ...lieuReglesQuery(userId, lieuId), enabled: open && userId !== null });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={m('dialogTitre', { nom })}
      description={m('dialogTexte')}
    >
      {q.isPending ? (
        <SkeletonBlock lines={4} label={m('chargement')} />
      ) : q.isError ? (
        <ErrorState message={m('erreur')} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {!q.data.abonne ? (
            <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm dark:bg-white/5">{m('nonSuivi')}</p>
          ) : (
            !q.data.abonnement_actif && (
              <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{m('enPause')}</p>
            )
          )}
          {q.data.regles.length > 0 ? (
            <section aria-label={m('vosAlertes')} className="mt-3">
              <h3 className="font-semibold">{m('vosAlertes')}</h3>
              <ul className="mt-1 divide-y divide-line">
                {q.data.regles.map((r) => (
                  <RuleRow key={r.id} regle={r} />
                ))}
              </ul>
            </section>
          ) : (
            q.data.abonne && <p className="mt-3 text-muted">{m('aucuneRegle')}</p>
          )}
          {/* A new form for each answer: the suggestions and latest values follow the data. */}
          <NewRuleForm key={q.dataUpdatedAt} data={q.data} onCreated={() => onOpenChange(false)} />
        </>
      )}
    </Dialog>
  );
}

export function AlertDialog({
  lieuId,
  nom,
  className = '',
}: {
  lieuId: number;
  nom: string;
  className?: string;
}) {
  const m = useAlertMessages();
  const { pathname, search } = useLocation();
  const signedIn = useAccount((s) => s.token !== null);
  const [open, setOpen] = useState(false);
  const icon = <LineIcon d={BELL_PLUS} />;
  if (!signedIn) {
    return (
      <Link
        to={`/user/login/${encodeURIComponent(`${pathname.slice(1)}${search}`)}`}
        className={`btn-secondary ${className}`}
        title={m('connexionRequise')}
      >
        {icon}
        <span>{m('malerter')}</span>
        <span className="sr-only"> — {m('connexionRequise')}</span>
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={`btn-secondary ${className}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={m('malerterAria', { nom })}
      >
        {icon}
        <span>{m('malerter')}</span>
      </button>
      <RulesDialog lieuId={lieuId} nom={nom} open={open} onOpenChange={setOpen} />
    </>
  );
}
