/** `/user/logout`: runs the account logout, then goes to `/` (docs/requirements.md R2.3, R7.1). */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/account';
import { Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../lib/use-page-title';
import { useAccountMessages } from './messages';

export default function LogoutPage() {
  const m = useAccountMessages();
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
