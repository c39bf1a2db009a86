import { beforeEach, describe, expect, it } from 'vitest';
import { getBearer } from '../lib/api';
import {
  decodeTokenUser,
  forgetSignOutTarget,
  leaveAfterSignOut,
  onStartupChecked,
  pendingSignOutTarget,
  selectCanViewPrevision,
  useAccount,
} from './account';

const b64url = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const token = (payload: object) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

describe('account store (R5.1, R7)', () => {
  beforeEach(() => useAccount.getState().clearSession());

  it('login: begin sets authenticating and clears error; failure sets the flag; success stores the session', () => {
    const s = useAccount.getState();
    s.loginFailure('Identifiant ou mot de passe incorrect.');
    expect(useAccount.getState()).toMatchObject({ error: true, authenticating: false });
    s.loginBegin();
    expect(useAccount.getState()).toMatchObject({ authenticating: true, error: false, errorMessage: null });
    s.loginSuccess('t.o.k', { id: 7, username: 'camille' });
    expect(useAccount.getState()).toMatchObject({
      authenticating: false,
      token: 't.o.k',
      user: { id: 7, username: 'camille' },
    });
    expect(getBearer()).toBe('t.o.k');
    s.clearSession();
    expect(useAccount.getState()).toMatchObject({ token: null, user: null, profile: null });
    expect(getBearer()).toBeNull();
  });

  it('each flow has begin, success, failure and clear', () => {
    const s = useAccount.getState();
    s.begin('registration');
    expect(useAccount.getState()).toMatchObject({ registrationLoading: true, registrationError: false });
    s.fail('registration', { message: 'Erreur', fields: { email: ['Déjà utilisée.'] } });
    expect(useAccount.getState()).toMatchObject({
      registrationLoading: false,
      registrationError: true,
      registrationErrors: { email: ['Déjà utilisée.'] },
      failures: { registration: { message: 'Erreur' } },
    });
    s.begin('registration');
    expect(useAccount.getState().registrationErrors).toBeNull();
    s.succeed('registration');
    expect(useAccount.getState()).toMatchObject({ registrationLoading: false, registrationCompleted: true });
    s.clear('registration');
    expect(useAccount.getState()).toMatchObject({ registrationCompleted: false, registrationError: false });

    for (const flow of ['activation', 'email', 'reset'] as const) {
      s.begin(flow);
      expect(useAccount.getState()[`${flow}Loading`]).toBe(true);
      s.fail(flow, { message: 'Non', fields: {} });
      expect(useAccount.getState()[`${flow}Error`]).toBe(true);
      expect(useAccount.getState().failures[flow]?.message).toBe('Non');
      s.clear(flow);
      expect(useAccount.getState()[`${flow}Error`]).toBe(false);
      expect(useAccount.getState().failures[flow]).toBeUndefined();
    }
  });

  it('acceptPrevisionAlert follows the profile; canViewPrevision needs authorisation 1', () => {
    const s = useAccount.getState();
    expect(selectCanViewPrevision(useAccount.getState())).toBe(false);
    s.setProfile({
      lieux: [],
      listes_sib: [],
      autorisations: [{ id: 1, nom: 'Prévisions' }],
      avatar: null,
      date_naissance: null,
      acceptPrevisionAlert: true,
      notifications: { email: true, push: true },
      nb_push: 0,
      langue: 'fr',
    });
    expect(useAccount.getState().acceptPrevisionAlert).toBe(true);
    expect(selectCanViewPrevision(useAccount.getState())).toBe(true);
    s.setAcceptPrevisionAlert(false);
    expect(useAccount.getState().profile?.acceptPrevisionAlert).toBe(false);
  });

  it('decodes the user from a token, and nothing from a malformed one', () => {
    expect(decodeTokenUser(token({ sub: '12', username: 'léa' }))).toEqual({ id: 12, username: 'léa' });
    expect(decodeTokenUser(token({ sub: 'x', username: 'a' }))).toBeNull();
    expect(decodeTokenUser('abc')).toBeNull();
  });

  it('once the start-up check is done, runs what the composition root registered, once', async () => {
    const calls: boolean[] = [];
    onStartupChecked((droppedStoredToken) => calls.push(droppedStoredToken));
    await Promise.all([useAccount.getState().init(), useAccount.getState().init()]);
    await useAccount.getState().init();
    // No stored token here (no localStorage): nothing was dropped.
    expect(calls).toEqual([false]);
    expect(useAccount.getState().initialised).toBe(true);
  });

  it('keeps where to go after a deliberate sign-out until guard B has used it', () => {
    expect(pendingSignOutTarget()).toBeNull();
    leaveAfterSignOut('/');
    expect(pendingSignOutTarget()).toBe('/');
    forgetSignOutTarget();
    expect(pendingSignOutTarget()).toBeNull();
  });
});
