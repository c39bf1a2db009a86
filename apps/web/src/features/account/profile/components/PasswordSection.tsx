/** « Mot de passe »: current password, new password twice (rules shown, checked here and by the server). */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { UserDetails } from '@limni/shared/contracts/account';
import { changePasswordMutation, failureOf } from '../../../../api/account';
import { notify } from '../../../../stores/notifications';
import { FormAlert } from '../../components/AccountFrame';
import { newPasswordErrors } from '../../field-checks';
import { PasswordField } from '../../components/FormFields';
import { useAccountMessages } from '../../messages';
import { useAccountForm } from '../../hooks/use-account-form';
import { useProfileMessages } from '../messages';
import { Section } from './Section';

const EMPTY = { old_password: '', password1: '', password2: '' };

export function PasswordSection({ details }: { details: UserDetails | null }) {
  const m = useProfileMessages();
  const c = useAccountMessages();
  const mutation = useMutation(changePasswordMutation());
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { values, setValues, setErrors, field, check, failed, formRef, alertRef } = useAccountForm(EMPTY, {
    failed: result?.ok === false,
  });
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
    const passwords = newPasswordErrors(values.password1, values.password2, context, {
      required: c('champObligatoire'),
      mismatch: c('mdpDifferents'),
    });
    const passes = check({
      old_password: values.old_password ? [] : [c('champObligatoire')],
      password1: passwords.password,
      password2: passwords.confirmation,
    });
    if (!passes) return;
    mutation.mutate(values, {
      onSuccess: (res) => {
        setValues(EMPTY);
        setErrors({});
        setResult({ ok: true, text: res.detail });
        notify(res.detail, { kind: 'success' });
      },
      onError: (err) => {
        const f = failureOf(err);
        setErrors(f.fields);
        setResult(Object.keys(f.fields).length === 0 ? { ok: false, text: f.message } : null);
        failed();
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
          {...field('old_password')}
          autoComplete="current-password"
        />
        <PasswordField
          name="password1"
          label={m('nouveauMdp')}
          {...field('password1')}
          autoComplete="new-password"
          rules={context}
        />
        <PasswordField
          name="password2"
          label={m('confirmationMdp')}
          {...field('password2')}
          autoComplete="new-password"
        />
        <button type="submit" className="btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? m('enregistrement') : m('changerMdp')}
        </button>
      </form>
    </Section>
  );
}
