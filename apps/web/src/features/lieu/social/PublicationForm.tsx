/**
 * The composer of a publication (signed-in people): a text (≤ 2,000 characters) and an optional photo, sent with
 * an upload progress bar (`XMLHttpRequest`, docs/decisions/044); the new publication goes on top of the feed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import { PUBLICATION_PHOTO_MAX_BYTES, PUBLICATION_TEXT_MAX } from '@limni/shared/contracts/publications';
import { postPublication, publicationsQuery } from '../../../api/publications';
import { ApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { notify } from '../../../stores/notifications';
import { useLieuMessages } from '../messages';
import { TamponReleve } from './TamponReleve';

/** The optional photo: a French button over the native control, its name, the size rule or error, a preview. */
function PhotoField({
  inputRef,
  photo,
  error,
  disabled,
  onPick,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  photo: File | null;
  error: string | undefined;
  disabled: boolean;
  onPick: (file: File | null) => void;
}) {
  const m = useLieuMessages();
  const id = useId();
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {m('photo')}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {/* The native control is visually replaced by a French button; it stays focusable and labelled. */}
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="peer sr-only"
          onChange={(e) => onPick(e.target.files?.[0] ?? null)}
          aria-describedby={`${id}-aide`}
          disabled={disabled}
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          className="btn-secondary cursor-pointer peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-500"
        >
          {m('choisirPhoto')}
        </label>
        <span className="min-w-0 truncate text-sm text-muted">{photo ? photo.name : m('aucunePhoto')}</span>
      </div>
      <p id={`${id}-aide`} className="mt-1 text-sm text-muted">
        {error ? <span className="font-medium text-red-800 dark:text-red-300">{error}</span> : m('photoAide')}
      </p>
      {preview && (
        <div className="mt-2 flex items-start gap-3">
          <img src={preview} alt="" className="h-20 w-20 rounded-lg object-cover" />
          <button
            type="button"
            className="link min-h-11 text-sm underline"
            onClick={() => onPick(null)}
            disabled={disabled}
          >
            {m('retirerPhoto')}
          </button>
        </div>
      )}
    </div>
  );
}

export function PublicationForm({ lieu }: { lieu: LieuDetail }) {
  const m = useLieuMessages();
  const queryClient = useQueryClient();
  const ids = {
    titre: useId(),
    texte: useId(),
    aide: useId(),
    err: useId(),
  };
  const [texte, setTexte] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ texte?: string; photo?: string; form?: string }>({});
  const fileInput = useRef<HTMLInputElement>(null);
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
      <PhotoField
        inputRef={fileInput}
        photo={photo}
        error={errors.photo}
        disabled={sending}
        onPick={pickPhoto}
      />
      <TamponReleve lieuId={lieu.id} />
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
