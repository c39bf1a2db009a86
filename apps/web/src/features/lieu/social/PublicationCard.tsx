/** One publication: author, date, the observation when it was posted, text, photo; its author may delete it. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import type { Publication } from '@limni/shared/contracts/publications';
import { deletePublication, publicationsQuery } from '../../../api/publications';
import { nomDansPhrase, sortCapteurs } from '../../hydro';
import { Dialog } from '../../../components/ui/Dialog';
import { TrendArrow } from '../../hydro';
import { ApiError } from '../../../lib/api';
import { formatDateTime, formatValue } from '../../../lib/format';
import { currentLangue } from '../../../lib/i18n';
import { useAccount } from '../../../stores/account';
import { notify } from '../../../stores/notifications';
import { useLieuMessages } from '../messages';

export function PublicationCard({ publication: p, lieu }: { publication: Publication; lieu: LieuDetail }) {
  const m = useLieuMessages();
  const username = useAccount((s) => s.user?.username ?? null);
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const releve = sortCapteurs(p.releves).find((r) => r.valeur !== null);
  const mine = username !== null && username === p.auteur.username;
  const nom = currentLangue() === 'fr' ? nomDansPhrase(lieu.entite.nom) : lieu.entite.nom;

  const remove = async () => {
    setDeleting(true);
    try {
      await deletePublication(p.id);
      setConfirm(false);
      queryClient.setQueryData(publicationsQuery(lieu.id).queryKey, (data) =>
        data ? { ...data, pages: data.pages.map((page) => page.filter((x) => x.id !== p.id)) } : data,
      );
      notify(m('supprimee'), { kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: publicationsQuery(lieu.id).queryKey });
    } catch (err) {
      notify(err instanceof ApiError ? err.message : String(err), { kind: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <li className="card space-y-2">
      <div className="flex items-center gap-3">
        {p.auteur.avatar ? (
          <img
            src={p.auteur.avatar}
            alt={m('avatar', { auteur: p.auteur.username })}
            className="h-10 w-10 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-sky-100 font-semibold text-brand"
          >
            {p.auteur.username.charAt(0).toLocaleUpperCase()}
          </span>
        )}
        <p className="min-w-0 flex-1">
          <span className="block font-semibold">{p.auteur.username}</span>
          <span className="block text-sm text-muted">
            {m('posteLe', { date: formatDateTime(p.created_at) })}
          </span>
        </p>
        {mine && (
          <button
            type="button"
            className="btn-secondary !min-h-11 !px-3 text-sm"
            onClick={() => setConfirm(true)}
            aria-label={m('supprimerPublication', { date: formatDateTime(p.created_at) })}
          >
            {m('supprimer')}
          </button>
        )}
      </div>
      {releve && releve.valeur !== null && (
        <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm font-medium text-brand dark:text-sky-200">
          <span>{m('posteQuand', { nom, valeur: formatValue(releve.valeur, releve.unite) })}</span>
          <TrendArrow tendance={releve.tendance} showRate={false} />
        </p>
      )}
      {p.texte && <p className="whitespace-pre-line break-words">{p.texte}</p>}
      {p.photo && (
        <a href={p.photo} target="_blank" rel="noopener noreferrer" className="block">
          <img
            src={p.photo}
            alt={m('photoDe', { auteur: p.auteur.username, date: formatDateTime(p.created_at) })}
            loading="lazy"
            className="max-h-[28rem] w-full rounded-lg object-cover"
          />
        </a>
      )}
      <Dialog
        open={confirm}
        onOpenChange={setConfirm}
        title={m('supprimerConfirmer')}
        description={m('supprimerTexte')}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={() => setConfirm(false)}>
            {m('annuler')}
          </button>
          <button
            type="button"
            className="btn-primary !bg-red-700 hover:!bg-red-800"
            onClick={() => void remove()}
            disabled={deleting}
          >
            {m('supprimer')}
          </button>
        </div>
      </Dialog>
    </li>
  );
}
