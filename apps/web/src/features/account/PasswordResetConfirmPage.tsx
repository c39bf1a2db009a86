/**
 * `/user/password_reset/{uid}/{token}`: the new password twice (rules shown and checked), then a link to sign in.
 * An invalid, used or expired link says so and offers a new one. Reset flags: `resetLoading`, `resetCompleted`,
 * `resetError`.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { confirmPasswordReset } from '../../api/account';
import { usePageTitle } from '../../lib/use-page-title';
import { useAccount } from '../../stores/account';
import { AccountFrame, FormAlert } from './components/AccountFrame';
import { newPasswordErrors } from './field-checks';
import { PasswordField } from './components/FormFields';
import { useAccountMessages } from './messages';
import { useAccountForm } from './hooks/use-account-form';

export default function PasswordResetConfirmPage() {
  const m = useAccountMessages();
  const { uid = '', token = '' } = useParams();
  usePageTitle(m('nouveauMdp'));
  const loading = useAccount((s) => s.resetLoading);
  const completed = useAccount((s) => s.resetCompleted);
  const failure = useAccount((s) => s.failures.reset);
  const { values, errors, field, check, failed, formRef, alertRef } = useAccountForm(
    { new_password1: '', new_password2: '' },
    { serverErrors: failure?.fields, failed: failure !== undefined },
  );
  const [detail, setDetail] = useState<string | null>(null);

  useEffect(() => () => useAccount.getState().clear('reset'), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { new_password1, new_password2 } = values;
    const passwords = newPasswordErrors(
      new_password1,
      new_password2,
      {},
      { required: m('champObligatoire'), mismatch: m('mdpDifferents') },
    );
    const passes = check({ new_password1: passwords.password, new_password2: passwords.confirmation });
    if (!passes) return;
    const result = await confirmPasswordReset({ uid, token, new_password1, new_password2 });
    setDetail(result);
    if (!result) failed();
  };

  if (completed) {
    return (
      <AccountFrame title={m('resetFait')}>
        <div role="status">
          <p>{detail}</p>
          <Link to="/user/login" className="btn-primary mt-6 w-full">
            {m('seConnecter')}
          </Link>
        </div>
      </AccountFrame>
    );
  }

  // uid and token come from the link, not from a field: their errors mean the link itself is unusable.
  const linkErrors = [...(errors.token ?? []), ...(errors.uid ?? [])];
  const formOnly = failure && linkErrors.length === 0 && !errors.new_password1 && !errors.new_password2;
  return (
    <AccountFrame title={m('nouveauMdp')}>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        <p className="text-muted">{m('resetConfirmIntro')}</p>
        {linkErrors.length > 0 && (
          <FormAlert alertRef={alertRef}>
            <p>{linkErrors[0]}</p>
            <Link
              to="/user/password-reset"
              className="mt-2 inline-flex min-h-11 items-center font-semibold underline"
            >
              {m('lienInvalide')}
            </Link>
          </FormAlert>
        )}
        {formOnly && <FormAlert alertRef={alertRef}>{failure.message}</FormAlert>}
        <PasswordField
          name="new_password1"
          label={m('nouveauMdp')}
          {...field('new_password1')}
          autoComplete="new-password"
          rules={{}}
        />
        <PasswordField
          name="new_password2"
          label={m('nouveauMdpConfirmation')}
          {...field('new_password2')}
          autoComplete="new-password"
        />
        <button type="submit" className="btn-primary w-full" disabled={loading}>
          {m('enregistrerMdp')}
        </button>
      </form>
    </AccountFrame>
  );
}
