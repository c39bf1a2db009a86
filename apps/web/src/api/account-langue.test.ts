import { describe, expect, it } from 'vitest';
import { chosenLangue, langueToSend } from './account-langue';

describe('the account language follows the choice made in the app', () => {
  it('reads a choice only where one was made', () => {
    expect(chosenLangue('en')).toBe('en');
    expect(chosenLangue('fr')).toBe('fr');
    expect(chosenLangue(null)).toBeNull();
    expect(chosenLangue('de')).toBeNull();
  });

  it('sends a choice once per account, again when it changes or another account signs in', () => {
    expect(langueToSend('en', 7, null)).toBe('en');
    expect(langueToSend('en', 7, '7:en')).toBeNull();
    expect(langueToSend('fr', 7, '7:en')).toBe('fr');
    expect(langueToSend('en', 8, '7:en')).toBe('en');
  });

  it('sends nothing without a session or without a choice', () => {
    expect(langueToSend('en', null, null)).toBeNull();
    expect(langueToSend(null, 7, null)).toBeNull();
  });
});
