/**
 * « Notifications »: push on this device (browser permission, service worker, VAPID subscription sent with
 * `user/edit-push` type `web`), how alerts reach the person (e-mail, push) and the forecast alerts opt-in
 * (`acceptPrevisionAlert`). A push error shows « Erreur de notification push : … » (docs/requirements.md R11).
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Profile, ProfileUpdateBody } from '@limni/shared/contracts/profile';
import { failureOf } from '../../../../api/account';
import { loadProfile, updateProfileMutation } from '../../../../api/profile';
import { Switch } from '../../../../components/ui/Switch';
import { LangueOptions } from '../../../../components/ui/LangueOptions';
import { selectCanViewPrevision, useAccount } from '../../../../stores/account';
import { notify } from '../../../../stores/notifications';
import {
  disablePush,
  enablePush,
  pushPermission,
  reportPushError,
  type PushPermission,
} from '../../../../api/push';
import { useProfileMessages } from '../messages';
import { Section } from './Section';

function DevicePush({ prefPush }: { prefPush: boolean }) {
  const m = useProfileMessages();
  const push = useAccount((s) => s.push);
  const [permission, setPermission] = useState<PushPermission>(() => pushPermission());
  const [busy, setBusy] = useState(false);
  const [notRegistered, setNotRegistered] = useState(false);
  const updateProfile = useMutation(updateProfileMutation());

  const enable = async () => {
    setBusy(true);
    setNotRegistered(false);
    try {
      if (await enablePush()) {
        notify(m('pushActive'), { kind: 'success' });
        // Turning push on for a device means wanting alerts by push.
        if (!prefPush) {
          await updateProfile.mutateAsync({ notifications: { push: true } }).catch(() => undefined);
        }
        await loadProfile().catch(() => undefined);
      } else {
        setNotRegistered(true);
      }
    } catch (err) {
      reportPushError(err);
    } finally {
      setPermission(pushPermission());
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    try {
      await disablePush();
      notify(m('pushDesactive'), { kind: 'success' });
      await loadProfile().catch(() => undefined);
    } catch (err) {
      reportPushError(err);
    } finally {
      setPermission(pushPermission());
      setBusy(false);
    }
  };

  let status: string;
  let action: 'enable' | 'disable' | null = null;
  if (permission === 'unsupported') status = m('pushNonSupporte');
  else if (permission === 'denied') status = m('pushBloque');
  else if (!push.init) status = m('pushVerification');
  else if (push.id) {
    status = m('pushActif');
    action = 'disable';
  } else {
    status = m('pushInactif');
    action = 'enable';
  }

  return (
    <div className="rounded-lg border border-line p-4">
      <h3 className="font-semibold">{m('cetAppareil')}</h3>
      <p className="mt-1" role="status">
        {status}
      </p>
      {notRegistered && (
        <p className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">{m('pushNonEnregistre')}</p>
      )}
      {action && (
        <button
          type="button"
          className={`${action === 'enable' ? 'btn-primary' : 'btn-secondary'} mt-3`}
          disabled={busy}
          onClick={() => void (action === 'enable' ? enable() : disable())}
        >
          {busy ? m('pushEnCours') : action === 'enable' ? m('pushActiver') : m('pushDesactiver')}
        </button>
      )}
    </div>
  );
}

/** The language of the account's alerts and e-mails (`user.langue`, docs/decisions/146). */
function LangueAlertes(props: {
  langue: Profile['langue'];
  disabled: boolean;
  onChange: (langue: Profile['langue']) => void;
}) {
  const m = useProfileMessages();
  const id = useId();
  return (
    <div className="mt-4 border-t border-line pt-4">
      <label htmlFor={id} className="font-medium">
        {m('langueAlertes')}
      </label>
      <p id={`${id}-d`} className="mt-0.5 text-sm text-muted">
        {m('langueAlertesAide')}
      </p>
      <select
        id={id}
        className="field mt-2 !w-auto"
        aria-describedby={`${id}-d`}
        value={props.langue}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value === 'en' ? 'en' : 'fr')}
      >
        <LangueOptions />
      </select>
    </div>
  );
}

export function NotificationsSection({ profile }: { profile: Profile }) {
  const m = useProfileMessages();
  const acceptPrevisionAlert = useAccount((s) => s.acceptPrevisionAlert);
  // Without the forecast authorisation a forecast alert can never fire: the switch says why and stays off.
  const canView = useAccount(selectCanViewPrevision);
  const mutation = useMutation(updateProfileMutation());
  const save = (body: ProfileUpdateBody) =>
    mutation.mutate(body, {
      onSuccess: () => notify(m('preferenceEnregistree'), { kind: 'success' }),
      onError: (err) => notify(failureOf(err).message, { kind: 'error' }),
    });

  return (
    <Section id="notifications" title={m('notifications')} intro={m('notificationsIntro')}>
      <DevicePush prefPush={profile.notifications.push} />
      {profile.nb_push > 0 && (
        <p className="mt-2 text-sm text-muted">
          {profile.nb_push === 1 ? m('appareil') : m('appareils', { n: profile.nb_push })}
        </p>
      )}
      <fieldset className="mt-6">
        <legend className="font-semibold">{m('preferences')}</legend>
        <div className="mt-1 divide-y divide-line">
          <Switch
            label={m('parEmail')}
            description={m('parEmailAide')}
            checked={profile.notifications.email}
            disabled={mutation.isPending}
            onChange={(email) => save({ notifications: { email } })}
          />
          <Switch
            label={m('parPush')}
            description={m('parPushAide')}
            checked={profile.notifications.push}
            disabled={mutation.isPending}
            onChange={(push) => save({ notifications: { push } })}
          />
        </div>
      </fieldset>
      <LangueAlertes
        langue={profile.langue}
        disabled={mutation.isPending}
        onChange={(langue) => save({ langue })}
      />
      <div className="mt-4 border-t border-line pt-2">
        <Switch
          label={m('previsions')}
          description={canView ? m('previsionsAide') : m('previsionsReservees')}
          checked={acceptPrevisionAlert && canView}
          disabled={mutation.isPending || !canView}
          onChange={(accept) => {
            useAccount.getState().setAcceptPrevisionAlert(accept);
            mutation.mutate(
              { acceptPrevisionAlert: accept },
              {
                onSuccess: () => notify(m('preferenceEnregistree'), { kind: 'success' }),
                onError: (err) => {
                  useAccount.getState().setAcceptPrevisionAlert(!accept);
                  notify(failureOf(err).message, { kind: 'error' });
                },
              },
            );
          }}
        />
      </div>
    </Section>
  );
}
