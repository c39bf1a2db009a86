/**
 * `/user/profil` ("Mon profil", guard B), in sections: Mon profil (identity, photo, date of birth), Mes
 * abonnements, Notifications (push on this device, preferences, forecast alerts), Lettres d'information,
 * Mot de passe, Supprimer mon compte. The profile is read from the account store (loaded by guard A or here).
 * `?verifier=<key>`: a confirmation link of a new e-mail address opened while signed in (docs/decisions/046).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { userDetailsQuery, verifyEmail } from '../../../api/account';
import { profileQuery } from '../../../api/profile';
import { ReglesSection } from '../../alertes';
import { ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { refetchAfterWrite } from '../../../lib/query-refresh';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAccount } from '../../../stores/account';
import { FormAlert } from '../components/AccountFrame';
import { AbonnementsSection } from './components/AbonnementsSection';
import { Avatar } from './components/Avatar';
import { DeleteSection } from './components/DeleteSection';
import { IdentitySection } from './components/IdentitySection';
import { ListesSection } from './components/ListesSection';
import { useProfileMessages } from './messages';
import { NotificationsSection } from './components/NotificationsSection';
import { PasswordSection } from './components/PasswordSection';

const SECTIONS = [
  ['mon-profil', 'monProfil'],
  ['abonnements', 'abonnements'],
  ['notifications', 'notifications'],
  ['lettres', 'lettres'],
  ['mot-de-passe', 'motDePasse'],
  ['supprimer', 'supprimer'],
] as const;

/** Confirms a new address from the link of the e-mail-change mail, then drops `?verifier` from the URL. */
function EmailVerification() {
  const m = useProfileMessages();
  const [params, setParams] = useSearchParams();
  const key = params.get('verifier');
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const completed = useAccount((s) => s.activationCompleted);
  const failure = useAccount((s) => s.failures.activation);
  useEffect(() => {
    if (!key) return;
    let alive = true;
    void verifyEmail(key).then((detail) => {
      if (!alive) return;
      const state = useAccount.getState();
      setResult(
        detail
          ? { ok: true, text: m('verificationOk') }
          : { ok: false, text: state.failures.activation?.message ?? '' },
      );
      state.clear('activation');
      // The account may have been read before the key was confirmed: that answer must not stay (lib/query-refresh).
      void refetchAfterWrite(queryClient, ['auth', 'user']);
      setParams({}, { replace: true });
    });
    return () => {
      alive = false;
    };
  }, [key, m, queryClient, setParams]);
  if (result) return <FormAlert kind={result.ok ? 'success' : 'error'}>{result.text}</FormAlert>;
  if (key && !completed && !failure) return <FormAlert kind="info">{m('verificationEnCours')}</FormAlert>;
  return null;
}

export default function ProfilePage() {
  const m = useProfileMessages();
  usePageTitle(m('titre'));
  const user = useAccount((s) => s.user);
  const profile = useAccount((s) => s.profile);
  const load = useQuery({ ...profileQuery(user?.id ?? null), enabled: user !== null && profile === null });
  const details = useQuery(userDetailsQuery(user?.id ?? null));
  const { hash } = useLocation();
  const loaded = profile !== null;

  // `/user/profil#notifications` (from a place's subscription dialog): the shell scrolled to the top on arrival.
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);

  if (!user) return null;
  let body: ReactNode;
  if (profile) {
    body = (
      <>
        <IdentitySection profile={profile} details={details} username={user.username} />
        <AbonnementsSection lieux={profile.lieux} />
        <ReglesSection />
        <NotificationsSection profile={profile} />
        <ListesSection listes={profile.listes_sib} />
        <PasswordSection details={details.data ?? null} />
        <DeleteSection username={user.username} nbLieux={profile.lieux.length} />
      </>
    );
  } else if (load.isError) {
    body = <ErrorState message={m('erreurProfil')} onRetry={() => void load.refetch()} />;
  } else {
    body = (
      <div className="card">
        <SkeletonBlock lines={8} label={m('chargementProfil')} />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:py-12">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="flex min-w-0 flex-1 basis-72 items-center gap-4">
          <Avatar src={profile?.avatar ?? null} name={user.username} size={64} />
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight text-brand dark:text-sky-200">{m('titre')}</h1>
            <p className="mt-0.5 break-words text-muted">
              {m('connecteEnTantQue', { username: user.username })}
            </p>
          </div>
        </div>
        <Link to="/user/logout" className="btn-secondary">
          {m('seDeconnecter')}
        </Link>
      </header>
      <div className="mt-6">
        <EmailVerification />
      </div>
      <div className="mt-6 gap-10 md:grid md:grid-cols-[13rem_minmax(0,1fr)]">
        <nav
          aria-label={m('sections')}
          className="-mx-4 mb-6 self-start px-4 md:sticky md:top-20 md:mx-0 md:mb-0 md:px-0"
        >
          <ul className="flex gap-2 overflow-x-auto pb-1 md:block md:space-y-1 md:overflow-visible md:pb-0">
            {SECTIONS.map(([id, key]) => (
              <li key={id} className="shrink-0">
                <a
                  href={`#${id}`}
                  className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full border border-line bg-white px-4 text-sm font-medium hover:bg-sky-50 md:w-full md:rounded-lg md:border-0 md:bg-transparent md:px-3 dark:bg-transparent dark:hover:bg-white/5"
                >
                  {m(key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-6">{body}</div>
      </div>
    </div>
  );
}
