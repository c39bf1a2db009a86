import { describe, expect, it } from 'vitest';
import { commonPasswordForms, passwordProblems, quickRatio, similarAttribute } from './password';

describe('quickRatio (difflib.SequenceMatcher.quick_ratio)', () => {
  it('counts common characters regardless of order', () => {
    expect(quickRatio('abcd', 'bcda')).toBe(1);
    expect(quickRatio('abcd', 'efgh')).toBe(0);
    expect(quickRatio('aab', 'abb')).toBeCloseTo(4 / 6);
  });
});

describe('passwordProblems', () => {
  it('accepts a long, unrelated password', () => {
    expect(passwordProblems('truite-vague-4-saumon', { username: 'camille', email: 'c@x.fr' })).toEqual([]);
  });

  it('refuses a short password with the French message', () => {
    expect(passwordProblems('Ab3!xyz')).toContain(
      'Ce mot de passe est trop court. Il doit contenir au minimum 10 caractères.',
    );
  });

  it('refuses an all-digits password', () => {
    expect(passwordProblems('73920184655')).toEqual(['Ce mot de passe est entièrement numérique.']);
  });

  it('refuses a password similar to the username or the e-mail address', () => {
    expect(passwordProblems('pecheurdu31', { username: 'Pecheur_du_31' })).toEqual([
      'Le mot de passe est trop semblable au champ « nom d’utilisateur ».',
    ]);
    expect(similarAttribute('xx-riviere-xx-2024', { email: 'riviere@exemple.fr' })).toBe('email');
    expect(similarAttribute('ab12cd34ef56', { username: 'zoe' })).toBeNull();
  });
});

describe('commonPasswordForms', () => {
  it('adds the word without the digits and symbols around it', () => {
    expect(commonPasswordForms('Marseille2024!')).toEqual(['marseille2024!', 'marseille']);
    expect(commonPasswordForms('azertyuiop')).toEqual(['azertyuiop']);
    expect(commonPasswordForms('12345678901')).toEqual(['12345678901']);
  });
});
