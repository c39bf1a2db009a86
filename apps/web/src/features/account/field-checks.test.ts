import { describe, expect, it } from 'vitest';
import { USERNAME_MAX_LENGTH } from '@limni/shared/contracts/account';
import { PASSWORD_MIN_LENGTH, passwordProblems } from '@limni/shared/domain/password';
import { compactErrors, countErrors, emailErrors, newPasswordErrors, usernameErrors } from './field-checks';

const MESSAGES = { required: 'obligatoire', invalid: 'invalide', mismatch: 'différents' };

describe('client checks of the account forms', () => {
  it('an e-mail address is required and needs a user, a domain and a suffix of two letters or more', () => {
    expect(emailErrors('', MESSAGES)).toEqual(['obligatoire']);
    expect(emailErrors('camille@exemple.fr', MESSAGES)).toEqual([]);
    for (const bad of ['camille', 'camille@exemple', 'camille@exemple.f', 'ca mille@exemple.fr']) {
      expect(emailErrors(bad, MESSAGES), bad).toEqual(['invalide']);
    }
  });

  it('a username is required, of letters, digits and . + _ - only, and not too long', () => {
    expect(usernameErrors('', MESSAGES)).toEqual(['obligatoire']);
    expect(usernameErrors('Élodie.b-2', MESSAGES)).toEqual([]);
    expect(usernameErrors('a b', MESSAGES)).toEqual(['invalide']);
    expect(usernameErrors('a'.repeat(USERNAME_MAX_LENGTH), MESSAGES)).toEqual([]);
    expect(usernameErrors('a'.repeat(USERNAME_MAX_LENGTH + 1), MESSAGES)).toEqual(['invalide']);
  });

  it('a new password follows the shared rules and its confirmation must match', () => {
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(newPasswordErrors('', '', {}, MESSAGES)).toEqual({
      password: ['obligatoire'],
      confirmation: ['obligatoire'],
    });
    expect(newPasswordErrors(short, short, {}, MESSAGES)).toEqual({
      password: passwordProblems(short, {}),
      confirmation: [],
    });
    expect(newPasswordErrors('Truite-Vague-42', 'Truite-Vague-43', {}, MESSAGES)).toEqual({
      password: [],
      confirmation: ['différents'],
    });
    // Too close to the username: the shared rule's message, computed by the shared rule.
    const context = { username: 'camille.martin' };
    expect(newPasswordErrors('camille.martin1', 'camille.martin1', context, MESSAGES).password).toEqual(
      passwordProblems('camille.martin1', context),
    );
    expect(passwordProblems('camille.martin1', context)).not.toEqual([]);
  });

  it('counts the messages and keeps the fields that have some', () => {
    const errors = { email: ['a', 'b'], username: [], password1: ['c'] };
    expect(countErrors(errors)).toBe(3);
    expect(compactErrors(errors)).toEqual({ email: ['a', 'b'], password1: ['c'] });
  });
});
