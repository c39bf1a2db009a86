/** State and submission of « Ajouter une alerte » (the form itself: NouvelleRegleForm.tsx). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { LieuAlertes } from '@limni/shared/contracts/alertes';
import { createReglesMutation, invalidateAlertes } from '../../../api/alertes';
import { failureOf } from '../../../api/account';
import { useAccount } from '../../../stores/account';
import { notify } from '../../../stores/notifications';
import { useAlertMessages } from '../regles-messages';
import {
  regleOfForm,
  serverProblems,
  suggestionsRetenues,
  typeDisabled,
  TYPES,
  type Problems,
  type RegleForm,
} from '../regle-form';

/** The form's state, what it allows, and its submission (creates the rules, then `onCreated`). */
export function useNouvelleRegle(data: LieuAlertes, onCreated: () => void, activiteId?: number) {
  const m = useAlertMessages();
  const client = useQueryClient();
  const userId = useAccount((s) => s.user?.id ?? null);
  const create = useMutation(createReglesMutation(data.lieu.id));
  const possible = TYPES.filter((t) => !typeDisabled(data, t));
  const [form, setForm] = useState<RegleForm>(() => ({
    type: possible[0] ?? 'au_dessus',
    grandeur: data.grandeurs[0]?.grandeur ?? 'H',
    seuil: '',
    seuil2: '',
    horizon: '24',
  }));
  const [checked, setChecked] = useState<boolean[]>(() => data.suggestions.map(() => true));
  const [errors, setErrors] = useState<Problems>({});
  // On a place already followed, the defaults are not proposed again.
  const suggestions = data.abonne ? [] : data.suggestions;

  /** A field's value changed: its error (and the form's) no longer applies. */
  const edit =
    (field: keyof RegleForm, errorField: string = field) =>
    (v: string) => {
      setForm((f) => ({ ...f, [field]: v }));
      setErrors(({ [errorField]: _field, _: _form, ...rest }) => rest);
    };
  const choose = (change: Partial<Pick<RegleForm, 'type' | 'grandeur'>>) =>
    setForm((f) => ({ ...f, ...change }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { regle, problems } = regleOfForm(form, m('nombreInvalide'), activiteId);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const regles = [regle, ...suggestionsRetenues(suggestions, checked, regle.type)];
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
        setErrors(serverProblems(f.fields, f.message));
      },
    });
  };

  return {
    form,
    edit,
    choose,
    errors,
    suggestions,
    checked,
    setChecked,
    possible,
    /** Rules the button creates. */
    count: 1 + suggestionsRetenues(suggestions, checked, form.type).length,
    pending: create.isPending,
    submit,
  };
}
