/**
 * « Mon profil »: the picture (sent to `PUT user/avatar` as soon as it is chosen, previewed while it goes), and the
 * identity form — username, e-mail (a new address waits for its confirmation link), first and last name
 * (`PATCH auth/rest/user/`) and the date of birth (`POST user/profile`), a real past date checked here and by the
 * server.
 */
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { NAME_MAX_LENGTH, type UserDetails } from '@limni/shared/contracts/account';
import { ACCEPTED_IMAGE_TYPES, AVATAR_MAX_BYTES, type Profile } from '@limni/shared/contracts/profile';
import { addDays, isIsoDay, parisDay } from '@limni/shared/domain/time';
import { failureOf, updateUserMutation } from '../../../../api/account';
import { removeAvatarMutation, updateProfileMutation, uploadAvatarMutation } from '../../../../api/profile';
import { ErrorState, SkeletonBlock } from '../../../../components/ui/States';
import { formatNumber } from '../../../../lib/format';
import { notify } from '../../../../stores/notifications';
import { FormAlert } from '../../components/AccountFrame';
import { countErrors, type FieldErrors } from '../../field-checks';
import { EmailField, PasswordField, TextField, UsernameField } from '../../components/FormFields';
import { useAccountForm } from '../../hooks/use-account-form';
import { Avatar } from './Avatar';
import { useProfileMessages } from '../messages';
import { Section } from './Section';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);
const OLDEST_BIRTH_DAY = '1900-01-01';

function AvatarEditor({ avatar, username }: { avatar: string | null; username: string }) {
  const m = useProfileMessages();
  const inputId = useId();
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation(uploadAvatarMutation());
  const remove = useMutation(removeAvatarMutation());

  // The preview's object URL is released when replaced or when leaving.
  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview.url);
    };
  }, [preview]);

  const choose = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setError(m('photoFormat'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError(m('photoTropLourde', { taille: formatNumber(file.size / (1024 * 1024), 1), max: MAX_MB }));
      return;
    }
    // Choosing the picture saves it: one gesture, as people expect; the preview shows while it is sent, and
    // « Retirer la photo » undoes it.
    setPreview({ file, url: URL.createObjectURL(file) });
    upload.mutate(file, {
      onSuccess: () => notify(m('photoEnregistree'), { kind: 'success' }),
      onError: (err) => setError(failureOf(err).message),
      onSettled: () => setPreview(null),
    });
  };

  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {preview ? (
        <img
          src={preview.url}
          alt={m('photoApercu')}
          width={112}
          height={112}
          className="h-28 w-28 shrink-0 rounded-full border-2 border-brand object-cover"
        />
      ) : (
        <Avatar src={avatar} name={username} size={112} />
      )}
      <div className="min-w-0">
        <p className="font-medium">{m('photo')}</p>
        <p id={`${inputId}-aide`} className="text-sm text-muted">
          {avatar || preview
            ? m('photoAide', { max: MAX_MB })
            : `${m('photoAucune')}. ${m('photoAide', { max: MAX_MB })}`}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {preview ? (
            <p role="status" className="text-sm text-muted">
              {m('enregistrement')}
            </p>
          ) : (
            <>
              <input
                id={inputId}
                type="file"
                accept={ACCEPTED_IMAGE_TYPES.join(',')}
                className="peer sr-only"
                aria-describedby={`${inputId}-aide`}
                disabled={busy}
                onChange={(e) => {
                  choose(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <label
                htmlFor={inputId}
                className="btn-secondary cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-500"
              >
                {avatar ? m('photoChanger') : m('photoChoisir')}
              </label>
              {avatar && (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() =>
                    remove.mutate(undefined, {
                      onSuccess: () => notify(m('photoRetiree'), { kind: 'success' }),
                      onError: (err) => setError(failureOf(err).message),
                    })
                  }
                >
                  {m('photoRetirer')}
                </button>
              )}
            </>
          )}
        </div>
        {error && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

function IdentityForm({ details, dateNaissance }: { details: UserDetails; dateNaissance: string | null }) {
  const m = useProfileMessages();
  const queryClient = useQueryClient();
  const updateUser = useMutation(updateUserMutation());
  const updateProfile = useMutation(updateProfileMutation());
  const [today] = useState(() => parisDay(Date.now()));
  const [failure, setFailure] = useState<string | null>(null);
  const { values, setValues, setErrors, field, check, failed, formRef, alertRef } = useAccountForm(
    {
      username: details.username,
      email: details.email,
      first_name: details.first_name,
      last_name: details.last_name,
      date_naissance: dateNaissance ?? '',
      old_password: '',
    },
    { failed: failure !== null },
  );
  // A new address needs the current password once the sign-in is more than 10 minutes old (docs/decisions/103).
  const emailChanged = values.email.trim() !== details.email;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const day = values.date_naissance;
    const passes = check({
      date_naissance: !day
        ? []
        : !isIsoDay(day)
          ? [m('dateInvalide')]
          : day < OLDEST_BIRTH_DAY || day >= today
            ? [m('dateFuture')]
            : [],
    });
    if (!passes) return;
    const patch: Record<string, string> = {};
    for (const f of ['username', 'email', 'first_name', 'last_name'] as const) {
      if (values[f].trim() !== details[f]) patch[f] = values[f].trim();
    }
    if (patch.email && values.old_password) patch.old_password = values.old_password;
    const newDay = day || null;
    const dayChanged = newDay !== dateNaissance;
    if (Object.keys(patch).length === 0 && !dayChanged) {
      notify(m('rienAEnregistrer'));
      return;
    }
    const fieldErrors: FieldErrors = {};
    let message: string | null = null;
    let saved: UserDetails | null = null;
    if (Object.keys(patch).length > 0) {
      try {
        saved = await updateUser.mutateAsync(patch);
        queryClient.setQueryData(['auth', 'user', details.id], saved);
      } catch (err) {
        const f = failureOf(err);
        Object.assign(fieldErrors, f.fields);
        if (Object.keys(f.fields).length === 0) message = f.message;
      }
    }
    if (dayChanged) {
      try {
        await updateProfile.mutateAsync({ date_naissance: newDay });
      } catch (err) {
        const f = failureOf(err);
        Object.assign(fieldErrors, f.fields);
        if (Object.keys(f.fields).length === 0) message = f.message;
      }
    }
    setErrors(fieldErrors);
    setFailure(message);
    if (countErrors(fieldErrors) > 0 || message) {
      failed();
      return;
    }
    if (saved) setValues((v) => ({ ...v, username: saved.username, email: saved.email, old_password: '' }));
    notify(
      patch.email && saved?.pending_email
        ? `${m('infosEnregistrees')} ${m('emailConfirmationEnvoyee', { email: saved.pending_email })}`
        : m('infosEnregistrees'),
      { kind: 'success' },
    );
  };

  const busy = updateUser.isPending || updateProfile.isPending;
  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      {failure && <FormAlert alertRef={alertRef}>{failure}</FormAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <UsernameField label={m('nomUtilisateur')} {...field('username')} />
        <EmailField
          label={m('email')}
          {...field('email')}
          hint={details.pending_email ? m('emailEnAttente', { email: details.pending_email }) : undefined}
        />
        {emailChanged && (
          <PasswordField
            name="old_password"
            label={m('mdpPourEmail')}
            {...field('old_password')}
            autoComplete="current-password"
            required={false}
          />
        )}
        <TextField
          name="first_name"
          label={m('prenom')}
          {...field('first_name')}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
        />
        <TextField
          name="last_name"
          label={m('nom')}
          {...field('last_name')}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
        />
        <TextField
          name="date_naissance"
          type="date"
          label={m('dateNaissance')}
          hint={m('dateNaissanceAide')}
          {...field('date_naissance')}
          autoComplete="bday"
          min={OLDEST_BIRTH_DAY}
          max={addDays(today, -1)}
        />
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? m('enregistrement') : m('enregistrer')}
      </button>
    </form>
  );
}

export function IdentitySection({
  profile,
  details,
  username,
}: {
  profile: Profile;
  details: UseQueryResult<UserDetails>;
  username: string;
}) {
  const m = useProfileMessages();
  return (
    <Section id="mon-profil" title={m('monProfil')} intro={m('identiteIntro')}>
      <AvatarEditor avatar={profile.avatar} username={username} />
      <div className="mt-6 border-t border-line pt-6">
        {details.data ? (
          <IdentityForm
            // A change made elsewhere (an address confirmed by its link) starts the form again from it.
            key={`${details.data.id}:${details.data.username}:${details.data.email}`}
            details={details.data}
            dateNaissance={profile.date_naissance}
          />
        ) : details.isError ? (
          <ErrorState message={failureOf(details.error).message} onRetry={() => void details.refetch()} />
        ) : (
          <SkeletonBlock lines={5} />
        )}
      </div>
    </Section>
  );
}
