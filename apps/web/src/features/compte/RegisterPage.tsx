/**
 * `/user/register` ("Inscription"): username, e-mail, password twice. The client checks what it can (required,
 * format, the shared password rules); the server's field errors (`username`, `email`, `password1`, `password2`,
 * `non_field_errors`, spec §5 and §8) are always shown, under their field.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { register } from '../../api/account';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAccount } from '../../stores/account';
import { Benefits } from './Benefits';
import {
  AccountFrame,
  compactErrors,
  countErrors,
  EmailField,
  emailErrors,
  FormAlert,
  newPasswordErrors,
  PasswordField,
  ResultIcon,
  useFocusFirstError,
  useFormFocus,
  UsernameField,
  usernameErrors,
  type FieldErrors,
} from './form';
import { useCompteMessages } from './messages';

export default function RegisterPage() {
  const m = useCompteMessages();
  usePageTitle(m('inscription'));
  const loading = useAccount((s) => s.registrationLoading);
  const completed = useAccount((s) => s.registrationCompleted);
  const serverErrors = useAccount((s) => s.registrationErrors);
  const failure = useAccount((s) => s.failures.registration);
  const [form, setForm] = useState({ username: '', email: '', password1: '', password2: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [detail, setDetail] = useState<string | null>(null);
  const { formRef, alertRef, attempt, bump } = useFormFocus();
  const errors: FieldErrors = { ...(serverErrors ?? {}), ...clientErrors };
  useFocusFirstError(formRef, alertRef, attempt, countErrors(errors) > 0 || failure !== undefined);

  // Spec §4: the registration flow is cleared when leaving the screen.
  useEffect(() => () => useAccount.getState().clear('registration'), []);

  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const username = form.username.trim();
    const email = form.email.trim();
    const passwords = newPasswordErrors(
      form.password1,
      form.password2,
      { username, email },
      { required: m('champObligatoire'), mismatch: m('mdpDifferents') },
    );
    const next = compactErrors({
      username: usernameErrors(username, { required: m('champObligatoire'), invalid: m('usernameInvalide') }),
      email: emailErrors(email, { required: m('champObligatoire'), invalid: m('emailInvalide') }),
      password1: passwords.password,
      password2: passwords.confirmation,
    });
    setClientErrors(next);
    if (countErrors(next) > 0) {
      useAccount.getState().clear('registration');
      bump();
      return;
    }
    const result = await register({ username, email, password1: form.password1, password2: form.password2 });
    setDetail(result);
    if (!result) bump();
  };

  if (completed) {
    return (
      <AccountFrame title={m('inscription')}>
        <div role="status" className="text-center">
          <ResultIcon kind="mail" />
          <h2 className="mt-4 text-xl font-semibold">{m('verifiezBoite')}</h2>
          <p className="mt-3">{detail}</p>
          <p className="mt-2 font-medium break-words">{m('envoyeA', { email: form.email.trim() })}</p>
          <p className="mt-4 text-sm text-muted">{m('pasRecu')}</p>
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
        <UsernameField
          hint={m('nomUtilisateurAide')}
          value={form.username}
          onChange={set('username')}
          errors={errors.username}
        />
        <EmailField hint={m('emailAide')} value={form.email} onChange={set('email')} errors={errors.email} />
        <PasswordField
          name="password1"
          label={m('motDePasse')}
          value={form.password1}
          onChange={set('password1')}
          errors={errors.password1}
          autoComplete="new-password"
          rules={{ username: form.username.trim(), email: form.email.trim() }}
        />
        <PasswordField
          name="password2"
          label={m('mdpConfirmation')}
          value={form.password2}
          onChange={set('password2')}
          errors={errors.password2}
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
