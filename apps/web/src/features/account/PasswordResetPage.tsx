/**
 * `/user/password-reset` ("Réinitialiser mot de passe"): the e-mail address of the account; the answer is always
 * the same confirmation, whether an account uses the address or not (nothing is told to a stranger).
 * Reset-email flags: `emailLoading`, `emailCompleted`, `emailError`.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { requestPasswordReset } from '../../api/account';
import { usePageTitle } from '../../lib/use-page-title';
import { useAccount } from '../../stores/account';
import { AccountFrame, FormAlert } from './components/AccountFrame';
import { emailErrors } from './field-checks';
import { EmailField } from './components/FormFields';
import { useAccountMessages } from './messages';
import { useAccountForm } from './hooks/use-account-form';

export default function PasswordResetPage() {
  const m = useAccountMessages();
  usePageTitle(m('reinitialiser'));
  const loading = useAccount((s) => s.emailLoading);
  const completed = useAccount((s) => s.emailCompleted);
  const failure = useAccount((s) => s.failures.email);
  const { values, field, check, failed, formRef, alertRef } = useAccountForm(
    { email: '' },
    { serverErrors: failure?.fields, failed: failure !== undefined },
  );
  const [detail, setDetail] = useState<string | null>(null);

  useEffect(() => () => useAccount.getState().clear('email'), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = values.email.trim();
    const passes = check({
      email: emailErrors(value, { required: m('champObligatoire'), invalid: m('emailInvalide') }),
    });
    if (!passes) return;
    const result = await requestPasswordReset(value);
    setDetail(result);
    if (!result) failed();
  };

  return (
    <AccountFrame title={m('reinitialiser')}>
      {completed ? (
        <div role="status">
          <h2 className="text-xl font-semibold">{m('resetEnvoye')}</h2>
          <p className="mt-3">{detail}</p>
          <p className="mt-2 text-sm text-muted">{m('resetEnvoyeAide')}</p>
          <Link to="/user/login" className="btn-primary mt-6 w-full">
            {m('retourConnexion')}
          </Link>
        </div>
      ) : (
        <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
          <p className="text-muted">{m('resetIntro')}</p>
          {failure && !failure.fields.email && <FormAlert alertRef={alertRef}>{failure.message}</FormAlert>}
          <EmailField {...field('email')} />
          <button type="submit" className="btn-primary w-full" disabled={loading}>
            {loading ? m('envoiEnCours') : m('envoyerLien')}
          </button>
          <p className="text-center">
            <Link to="/user/login" className="link inline-flex min-h-11 items-center">
              {m('retourConnexion')}
            </Link>
          </p>
        </form>
      )}
    </AccountFrame>
  );
}
