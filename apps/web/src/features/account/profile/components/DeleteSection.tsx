/**
 * « Supprimer mon compte »: behind a confirmation dialog that names the consequence and asks for the username;
 * `user/delete` succeeds when its status is 200, then the person is logged out and goes home (docs/requirements.md R10.5).
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteAccountMutation, failureOf } from '../../../../api/account';
import { Dialog } from '../../../../components/ui/Dialog';
import { leaveAfterSignOut, useAccount } from '../../../../stores/account';
import { notify } from '../../../../stores/notifications';
import { useProfileMessages } from '../messages';
import { Section } from './Section';

export function DeleteSection({ username, nbLieux }: { username: string; nbLieux: number }) {
  const m = useProfileMessages();
  const navigate = useNavigate();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation(deleteAccountMutation());
  const confirmed = typed.trim() === username;

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped('');
      setError(null);
    }
  };

  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        leaveAfterSignOut('/');
        navigate('/', { replace: true });
        useAccount.getState().clearSession();
        notify(m('compteSupprime'), { kind: 'success' });
      },
      onError: (err) => setError(failureOf(err).message),
    });

  return (
    <Section id="supprimer" title={m('supprimer')} intro={m('supprimerIntro')}>
      <button
        type="button"
        className="btn-secondary !border-red-700 !text-red-800 hover:!bg-red-50 dark:!border-red-400 dark:!text-red-300 dark:hover:!bg-red-950"
        onClick={() => setOpen(true)}
      >
        {m('supprimer')}
      </button>
      <Dialog
        open={open}
        onOpenChange={openChange}
        title={m('supprimerTitre')}
        description={m('supprimerConsequence', {
          username,
          abonnements:
            nbLieux === 0
              ? m('abonnementsAucun')
              : nbLieux === 1
                ? m('abonnementsUn')
                : m('abonnementsN', { n: nbLieux }),
        })}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (confirmed) confirm();
          }}
        >
          <label htmlFor={inputId} className="block font-medium">
            {m('supprimerSaisir', { username })}
          </label>
          <input
            id={inputId}
            className="field mt-1.5"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
          {error && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-800 dark:text-red-300">
              {error}
            </p>
          )}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={() => openChange(false)}>
              {m('annuler')}
            </button>
            <button
              type="submit"
              className="btn-primary !bg-red-700 hover:!bg-red-800"
              disabled={!confirmed || mutation.isPending}
            >
              {mutation.isPending ? m('suppressionEnCours') : m('supprimerConfirmer')}
            </button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}
