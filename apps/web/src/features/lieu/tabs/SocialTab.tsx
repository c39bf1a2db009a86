/**
 * Social: publications newest first, each with the reading when it was posted ("Posté quand la Garonne était à
 * 3,12 m ↗"); signed-in users post a text (≤ 2,000 characters) and an optional photo with an upload progress bar,
 * and may delete their own; guests are invited to sign in and come back here.
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import {
  PUBLICATION_PHOTO_MAX_BYTES,
  PUBLICATION_TEXT_MAX,
  type Publication,
} from '@limni/shared/contracts/publications';
import { deletePublication, postPublication, publicationsQuery } from '../../../api/publications';
import { nomDansPhrase, sortCapteurs } from '../../../components/hydro/sensors';
import { Dialog } from '../../../components/ui/Dialog';
import { EmptyState, ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { TrendArrow } from '../../../components/ui/TrendArrow';
import { ApiError } from '../../../lib/api';
import { formatDateTime, formatNumber, formatValue } from '../../../lib/format';
import { currentLangue } from '../../../lib/i18n';
import { useAccount } from '../../../stores/account';
import { notify } from '../../../stores/notifications';
import { useLieuMessages } from '../messages';

export default function SocialTab({ lieu }: { lieu: LieuDetail }) {
  const m = useLieuMessages();
  const titleId = useId();
  const { pathname, search } = useLocation();
  const token = useAccount((s) => s.token);
  const publications = useInfiniteQuery(publicationsQuery(lieu.id));
  const items = useMemo(() => publications.data?.pages.flat() ?? [], [publications.data]);

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_22rem] md:items-start">
      <section aria-labelledby={titleId} className="min-w-0 space-y-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {m('social')}
        </h2>
        {publications.isPending ? (
          <SkeletonBlock lines={5} />
        ) : publications.isError ? (
          <ErrorState onRetry={() => void publications.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={m('socialVide')} icon="✎">
            {m('socialVideTexte')}
          </EmptyState>
        ) : (
          <>
            <ol className="space-y-3">
              {items.map((p) => (
                <PublicationCard key={p.id} publication={p} lieu={lieu} />
              ))}
            </ol>
            {publications.hasNextPage && (
              <button
                type="button"
                className="btn-secondary"
                disabled={publications.isFetchingNextPage}
                onClick={() => void publications.fetchNextPage()}
              >
                {m('plusAnciennes')}
              </button>
            )}
          </>
        )}
      </section>
      {/* The composer comes first on a phone, beside the feed on a desktop. */}
      <div className="order-first md:sticky md:top-20 md:order-none">
        {token ? (
          <PublicationForm lieu={lieu} />
        ) : (
          <div className="card space-y-3">
            <p className="font-medium">{m('invitation')}</p>
            <Link
              className="btn-primary"
              to={`/user/login/${encodeURIComponent(`${pathname.slice(1)}${search}`)}`}
            >
              {m('seConnecter')}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}

function PublicationCard({ publication: p, lieu }: { publication: Publication; lieu: LieuDetail }) {
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

function PublicationForm({ lieu }: { lieu: LieuDetail }) {
  const m = useLieuMessages();
  const queryClient = useQueryClient();
  const ids = {
    titre: useId(),
    texte: useId(),
    aide: useId(),
    photo: useId(),
    photoAide: useId(),
    err: useId(),
  };
  const [texte, setTexte] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ texte?: string; photo?: string; form?: string }>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const sending = progress !== null;

  const pickPhoto = (file: File | null) => {
    if (file && file.size > PUBLICATION_PHOTO_MAX_BYTES) {
      setErrors({ photo: m('photoTropLourde') });
      setPhoto(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setErrors({});
    setPhoto(file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!texte.trim() && !photo) {
      setErrors({ texte: m('videErreur') });
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      const created = await postPublication({ lieu: lieu.id, texte: texte.trim(), photo }, setProgress);
      queryClient.setQueryData(publicationsQuery(lieu.id).queryKey, (data) =>
        data ? { ...data, pages: data.pages.map((p, i) => (i === 0 ? [created, ...p] : p)) } : data,
      );
      setTexte('');
      setPhoto(null);
      if (fileInput.current) fileInput.current.value = '';
      notify(m('publiee'), { kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: publicationsQuery(lieu.id).queryKey });
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors({
          texte: err.fields?.texte?.[0],
          photo: err.fields?.photo?.[0],
          form: err.fields?.texte || err.fields?.photo ? undefined : err.message,
        });
      } else {
        setErrors({ form: String(err) });
      }
    } finally {
      setProgress(null);
    }
  };

  return (
    <form className="card space-y-4" onSubmit={(e) => void submit(e)} aria-labelledby={ids.titre} noValidate>
      <h2 id={ids.titre} className="text-lg font-semibold">
        {m('nouvelle')}
      </h2>
      {errors.form && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-950">
          {errors.form}
        </p>
      )}
      <div>
        <label htmlFor={ids.texte} className="block font-medium">
          {m('texte')}
        </label>
        <textarea
          id={ids.texte}
          className="field mt-1 min-h-32"
          value={texte}
          maxLength={PUBLICATION_TEXT_MAX}
          onChange={(e) => setTexte(e.target.value)}
          aria-describedby={`${ids.aide}${errors.texte ? ` ${ids.err}` : ''}`}
          aria-invalid={errors.texte ? true : undefined}
          disabled={sending}
        />
        <p id={ids.aide} className="mt-1 text-right text-sm text-muted">
          {m('texteAide', { n: formatNumber(texte.length), max: formatNumber(PUBLICATION_TEXT_MAX) })}
        </p>
        {errors.texte && (
          <p id={ids.err} className="text-sm font-medium text-red-800 dark:text-red-300">
            {errors.texte}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.photo} className="block font-medium">
          {m('photo')}
        </label>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          {/* The native control is visually replaced by a French button; it stays focusable and labelled. */}
          <input
            id={ids.photo}
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="peer sr-only"
            onChange={(e) => pickPhoto(e.target.files?.[0] ?? null)}
            aria-describedby={ids.photoAide}
            disabled={sending}
          />
          <label
            htmlFor={ids.photo}
            aria-hidden="true"
            className="btn-secondary cursor-pointer peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-500"
          >
            {m('choisirPhoto')}
          </label>
          <span className="min-w-0 truncate text-sm text-muted">{photo ? photo.name : m('aucunePhoto')}</span>
        </div>
        <p id={ids.photoAide} className="mt-1 text-sm text-muted">
          {errors.photo ? (
            <span className="font-medium text-red-800 dark:text-red-300">{errors.photo}</span>
          ) : (
            m('photoAide')
          )}
        </p>
        {preview && (
          <div className="mt-2 flex items-start gap-3">
            <img src={preview} alt="" className="h-20 w-20 rounded-lg object-cover" />
            <button
              type="button"
              className="link min-h-11 text-sm underline"
              onClick={() => pickPhoto(null)}
              disabled={sending}
            >
              {m('retirerPhoto')}
            </button>
          </div>
        )}
      </div>
      {progress !== null && (
        <div>
          <label className="text-sm text-muted" htmlFor={`${ids.titre}-p`}>
            {m('progression')}
          </label>
          <progress
            id={`${ids.titre}-p`}
            className="mt-1 block h-2 w-full accent-brand"
            max={1}
            value={progress}
          >
            {Math.round(progress * 100)} %
          </progress>
        </div>
      )}
      <button type="submit" className="btn-primary w-full" disabled={sending}>
        {sending ? m('envoi') : m('publier')}
      </button>
    </form>
  );
}
