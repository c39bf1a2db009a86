/**
 * `/user/login` ("Mon compte", subtitle "Connexion") and `/user/login/{page}`: after signing in, the person goes
 * to the page asked for (a path of this app), else to the profile. Login failure sets the store's error flag;
 * the server's message says why (wrong credentials, address not confirmed yet, too many attempts).
 */
import { useEffect, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { signIn } from '../../api/account';
import { useIsPrerender } from '../../lib/prerender';
import { usePageTitle } from '../../lib/use-page-title';
import { useAccount } from '../../stores/account';
import { Benefits } from './components/Benefits';
import { AccountFrame, FormAlert } from './components/AccountFrame';
import { PasswordField, TextField } from './components/FormFields';
import { useAccountMessages } from './messages';
import { loginTarget } from './target';
import { useAccountForm } from './hooks/use-account-form';

export default function LoginPage() {
  const m = useAccountMessages();
  const { page } = useParams();
  const navigate = useNavigate();
  usePageTitle(m('connexion'));
  const authenticating = useAccount((s) => s.authenticating);
  // On the server's first screen the form cannot be sent yet (docs/decisions/116).
  const prerendered = useIsPrerender();
  const error = useAccount((s) => s.error);
  const errorMessage = useAccount((s) => s.errorMessage);
  const { values, field, check, failed, formRef, alertRef } = useAccountForm(
    { username: '', password: '' },
    { failed: error },
  );

  // A stale failure of an earlier visit is not shown again.
  useEffect(() => () => useAccount.setState({ error: false, errorMessage: null }), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const username = values.username.trim();
    const { password } = values;
    const passes = check({
      username: username ? [] : [m('champObligatoire')],
      password: password ? [] : [m('champObligatoire')],
    });
    if (!passes) return;
    const target = loginTarget(page);
    if (await signIn({ username, password })) {
      navigate(target, { replace: true });
    } else {
      failed();
    }
  };

  return (
    <AccountFrame title={m('monCompte')} subtitle={m('connexion')} aside={<Benefits />}>
      <form
        ref={formRef}
        // Prerendered (docs/decisions/116): a submit before the app runs must not put the password in the URL.
        method="post"
        noValidate
        onSubmit={(e) => void submit(e)}
        className="space-y-5"
      >
        {page && !error && <FormAlert kind="info">{m('cibleConnexion')}</FormAlert>}
        {error && <FormAlert alertRef={alertRef}>{errorMessage ?? m('champObligatoire')}</FormAlert>}
        <TextField
          name="username"
          label={m('identifiant')}
          {...field('username')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          required
        />
        <PasswordField
          name="password"
          label={m('motDePasse')}
          {...field('password')}
          autoComplete="current-password"
        />
        <button type="submit" className="btn-primary w-full" disabled={authenticating || prerendered}>
          {authenticating ? m('connexionEnCours') : m('seConnecter')}
        </button>
        <p className="text-center">
          <Link to="/user/password-reset" className="link inline-flex min-h-11 items-center">
            {m('mdpOublie')}
          </Link>
        </p>
      </form>
      <div className="mt-4 border-t border-line pt-5 text-center">
        <p className="text-muted">{m('pasDeCompte')}</p>
        <Link to="/user/register" className="btn-secondary mt-3 w-full">
          {m('creerCompte')}
        </Link>
      </div>
    </AccountFrame>
  );
}
