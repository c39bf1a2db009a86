/** `/user/logout`: runs the account logout, then goes to `/` (spec §2, §4). */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/account';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { useCompteMessages } from './messages';

export default function LogoutPage() {
  const m = useCompteMessages();
  const navigate = useNavigate();
  usePageTitle(m('deconnexion'));
  useEffect(() => {
    let alive = true;
    void signOut().then(() => {
      if (alive) navigate('/', { replace: true });
    });
    return () => {
      alive = false;
    };
  }, [navigate]);
  return <Spinner label={m('deconnexionEnCours')} />;
}
