/**
 * `/user/register/{key}` ("Vérification du compte"): confirms the address with the mailed key and says so; a
 * failure (invalid, used or expired link) says what to do next. Activation flags: begin, success, failure, clear.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { verifyEmail } from '../../api/account';
import { Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../lib/use-page-title';
import { useAccount } from '../../stores/account';
import { AccountFrame, ResultIcon } from './components/AccountFrame';
import { useAccountMessages } from './messages';

export default function VerifyPage() {
  const m = useAccountMessages();
  const { key = '' } = useParams();
  usePageTitle(m('verification'));
  const completed = useAccount((s) => s.activationCompleted);
  const failed = useAccount((s) => s.activationError);
  const failure = useAccount((s) => s.failures.activation);
  const [detail, setDetail] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void verifyEmail(key).then((d) => {
      if (alive) setDetail(d);
    });
    return () => {
      alive = false;
      useAccount.getState().clear('activation');
    };
  }, [key]);

  // The store says « activated » a moment before the server's sentence reaches this page: the status is shown once,
  // whole, so that it is announced once.
  const activated = completed && detail !== null;

  return (
    <AccountFrame title={m('verification')}>
      {activated ? (
        <div role="status" className="text-center">
          <ResultIcon kind="ok" />
          <h2 className="mt-4 text-xl font-semibold">{m('verifie')}</h2>
          <p className="mt-3">{detail}</p>
          <p className="mt-2 text-muted">{m('verifieTexte')}</p>
          <Link to="/user/login" className="btn-primary mt-6 w-full">
            {m('seConnecter')}
          </Link>
        </div>
      ) : failed ? (
        <div role="alert" className="text-center">
          <ResultIcon kind="ko" />
          <h2 className="mt-4 text-xl font-semibold">{m('verificationEchec')}</h2>
          <p className="mt-3">{failure?.message}</p>
          <p className="mt-2 text-muted">{m('verificationEchecAide')}</p>
          <Link to="/user/login" className="btn-primary mt-6 w-full">
            {m('seConnecter')}
          </Link>
        </div>
      ) : (
        <Spinner label={m('verificationEnCours')} />
      )}
    </AccountFrame>
  );
}
