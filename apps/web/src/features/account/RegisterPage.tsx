/**
 * `/user/register` ("Inscription"): username, e-mail, password twice. The client checks what it can (required,
 * format, the shared password rules); the server's field errors (`username`, `email`, `password1`, `password2`,
 * `non_field_errors`, docs/requirements.md R8.2) are always shown, under their field.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { RegistrationResponse } from '@limni/shared/contracts/account';
import { register } from '../../api/account';
import { usePageTitle } from '../../lib/use-page-title';
import { useAccount } from '../../stores/account';
import { Benefits } from './components/Benefits';
import { AccountFrame, FormAlert, ResultIcon } from './components/AccountFrame';
import { countErrors, emailErrors, newPasswordErrors, usernameErrors } from './field-checks';
import { EmailField, PasswordField, UsernameField } from './components/FormFields';
import { useAccountMessages } from './messages';
import { useAccountForm } from './hooks/use-account-form';

export default function RegisterPage() {
  const m = useAccountMessages();
  usePageTitle(m('inscription'));
  const loading = useAccount((s) => s.registrationLoading);
  const completed = useAccount((s) => s.registrationCompleted);
  const serverErrors = useAccount((s) => s.registrationErrors);
  const failure = useAccount((s) => s.failures.registration);
  const { values, errors, field, check, failed, formRef, alertRef } = useAccountForm(
    { username: '', email: '', password1: '', password2: '' },
    { serverErrors, failed: failure !== undefined },
  );
  const [result, setResult] = useState<RegistrationResponse | null>(null);

  // docs/requirements.md R7.4: the registration flow is cleared when leaving the screen.
  useEffect(() => () => useAccount.getState().clear('registration'), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const username = values.username.trim();
    const email = values.email.trim();
    const passwords = newPasswordErrors(
      values.password1,
      values.password2,
      { username, email },
      { required: m('champObligatoire'), mismatch: m('mdpDifferents') },
    );
    const passes = check({
      username: usernameErrors(username, { required: m('champObligatoire'), invalid: m('usernameInvalide') }),
      email: emailErrors(email, { required: m('champObligatoire'), invalid: m('emailInvalide') }),
      password1: passwords.password,
      password2: passwords.confirmation,
    });
    if (!passes) {
      useAccount.getState().clear('registration');
      return;
    }
    const answer = await register({
      username,
      email,
      password1: values.password1,
      password2: values.password2,
    });
    setResult(answer);
    if (!answer) failed();
  };

  if (completed) {
    return (
      <AccountFrame title={m('inscription')}>
        <div role="status" className="text-center">
          <ResultIcon kind="mail" />
          {/* The e-mail may not have left (docs/decisions/108): then the page says so and how to get a new one. */}
          <h2 className="mt-4 text-xl font-semibold">
            {result?.email_envoye === false ? m('compteCreeSansEmail') : m('verifiezBoite')}
          </h2>
          <p className="mt-3">{result?.detail}</p>
          {result?.email_envoye !== false && (
            <>
              <p className="mt-2 font-medium break-words">{m('envoyeA', { email: values.email.trim() })}</p>
              <p className="mt-4 text-sm text-muted">{m('pasRecu')}</p>
            </>
          )}
          <Link to="/user/login" className="btn-primary mt-6 w-full">
            {m('allerConnexion')}
          </Link>
        </div>
      </AccountFrame>
    );
  }

  const nonField = errors.non_field_errors ?? [];
  const fieldCount = countErrors(errors) - nonField.length;
  return (
    <AccountFrame title={m('inscription')} aside={<Benefits />}>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {(failure || nonField.length > 0) && (
          <FormAlert alertRef={alertRef}>
            {nonField.length > 0 ? (
              <ul className="space-y-1">
                {nonField.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            ) : fieldCount > 0 ? (
              fieldCount === 1 ? (
                m('erreurFormulaire')
              ) : (
                m('erreursFormulaire', { n: fieldCount })
              )
            ) : (
              failure?.message
            )}
          </FormAlert>
        )}
        <UsernameField hint={m('nomUtilisateurAide')} {...field('username')} />
        <EmailField hint={m('emailAide')} {...field('email')} />
        <PasswordField
          name="password1"
          label={m('motDePasse')}
          {...field('password1')}
          autoComplete="new-password"
          rules={{ username: values.username.trim(), email: values.email.trim() }}
        />
        <PasswordField
          name="password2"
          label={m('mdpConfirmation')}
          {...field('password2')}
          autoComplete="new-password"
        />
        <button type="submit" className="btn-primary w-full" disabled={loading}>
          {loading ? m('inscriptionEnCours') : m('creerMonCompte')}
        </button>
      </form>
      <div className="mt-6 border-t border-line pt-5 text-center">
        <p className="text-muted">{m('dejaInscrit')}</p>
        <Link to="/user/login" className="btn-secondary mt-3 w-full">
          {m('seConnecter')}
        </Link>
      </div>
    </AccountFrame>
  );
}
