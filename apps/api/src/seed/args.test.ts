import { describe, expect, it } from 'vitest';
import { parseSeedArgs } from './args';

describe('parseSeedArgs', () => {
  it('loads without reset by default, resets with --reset', () => {
    expect(parseSeedArgs([])).toEqual({ reset: false });
    expect(parseSeedArgs(['--reset'])).toEqual({ reset: true });
  });

  it('refuses an unknown option, a value given to --reset and a stray word, naming it in French', () => {
    expect(() => parseSeedArgs(['--rest'])).toThrow(
      'Argument non reconnu : « --rest » (seul --reset est accepté)',
    );
    expect(() => parseSeedArgs(['--reset=oui'])).toThrow('Argument non reconnu : « --reset=oui »');
    expect(() => parseSeedArgs(['--reset', 'reset'])).toThrow('Argument non reconnu : « reset »');
  });
});
