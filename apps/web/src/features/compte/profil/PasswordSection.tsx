/** « Mot de passe »: current password, new password twice (rules shown, checked here and by the server). */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { UserDetails } from '@limni/shared/contracts/account';
import { changePasswordMutation, failureOf } from '../../../api/account';
import { notify } from '../../../stores/notifications';
import {
  compactErrors,
  countErrors,
  FormAlert,
  newPasswordErrors,
  PasswordField,
  useFocusFirstError,
  useFormFocus,
  type FieldErrors,
} from '../form';
import { useCompteMessages } from '../messages';
import { useProfilMessages } from './messages';
import { Section } from './Section';

const EMPTY = { old_password: '', password1: '', password2: '' };

export function PasswordSection({ details }: { details: UserDetails | null }) {
  const m = useProfilMessages();
  const c = useCompteMessages();
  const mutation = useMutation(changePasswordMutation());
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { formRef, alertRef, attempt, bump } = useFormFocus();
  useFocusFirstError(formRef, alertRef, attempt, countErrors(errors) > 0 || result?.ok === false);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const context = details
    ? {
        username: details.username,
        email: details.email,
        first_name: details.first_name,
        last_name: details.last_name,
      }
    : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const passwords = newPasswordErrors(form.password1, form.password2, context, {
      required: c('champObligatoire'),
      mismatch: c('mdpDifferents'),
    });
    const next = compactErrors({
      old_password: form.old_password ? [] : [c('champObligatoire')],
      password1: passwords.password,
      password2: passwords.confirmation,
    });
    setErrors(next);
    if (countErrors(next) > 0) {
      bump();
      return;
    }
    mutation.mutate(form, {
      onSuccess: (res) => {
        setForm(EMPTY);
        setErrors({});
        setResult({ ok: true, text: res.detail });
        notify(res.detail, { kind: 'success' });
      },
      onError: (err) => {
        const f = failureOf(err);
        setErrors(f.fields);
        setResult(Object.keys(f.fields).length === 0 ? { ok: false, text: f.message } : null);
        bump();
      },
    });
  };

  return (
    <Section id="mot-de-passe" title={m('motDePasse')} intro={m('motDePasseIntro')}>
      <form ref={formRef} noValidate onSubmit={submit} className="max-w-md space-y-5">
        {result && (
          <FormAlert kind={result.ok ? 'success' : 'error'} alertRef={alertRef}>
            {result.text}
          </FormAlert>
        )}
        <PasswordField
          name="old_password"
          label={m('ancienMdp')}
          value={form.old_password}
          onChange={set('old_password')}
          errors={errors.old_password}
          autoComplete="current-password"
        />
        <PasswordField
          name="password1"
          label={m('nouveauMdp')}
          value={form.password1}
          onChange={set('password1')}
          errors={errors.password1}
          autoComplete="new-password"
          rules={context}
        />
        <PasswordField
          name="password2"
          label={m('confirmationMdp')}
          value={form.password2}
          onChange={set('password2')}
          errors={errors.password2}
          autoComplete="new-password"
        />
        <button type="submit" className="btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? m('enregistrement') : m('changerMdp')}
        </button>
      </form>
    </Section>
  );
}
