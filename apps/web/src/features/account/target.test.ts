import { describe, expect, it } from 'vitest';
import { AFTER_LOGIN_DEFAULT, loginTarget } from './target';

const ORIGIN = 'https://limni.example';

describe('loginTarget (the page to return to after signing in)', () => {
  it('returns a path of the site, with its query', () => {
    expect(loginTarget('lieu/1/a-1/donnees', ORIGIN)).toBe('/lieu/1/a-1/donnees');
    expect(loginTarget('choisir/carte?type=L', ORIGIN)).toBe('/choisir/carte?type=L');
    expect(loginTarget('/favoris', ORIGIN)).toBe('/favoris');
  });

  it('gives the profile without a target', () => {
    expect(loginTarget(undefined, ORIGIN)).toBe(AFTER_LOGIN_DEFAULT);
    expect(loginTarget('', ORIGIN)).toBe('/user/profil');
  });

  it('never leaves the site', () => {
    expect(loginTarget('//evil.example/x', ORIGIN)).toBe('/evil.example/x');
    expect(loginTarget('https://evil.example', ORIGIN)).toBe('/https://evil.example');
    expect(loginTarget('\\evil.example', ORIGIN)).toBe('/user/profil');
    expect(loginTarget('/\\evil.example', ORIGIN)).toBe('/user/profil');
    expect(loginTarget('x\ny', ORIGIN)).toBe('/user/profil');
  });

  it('does not loop back to the account entry pages', () => {
    expect(loginTarget('user/login', ORIGIN)).toBe('/user/profil');
    expect(loginTarget('user/login/favoris', ORIGIN)).toBe('/user/profil');
    expect(loginTarget('user/register/abc', ORIGIN)).toBe('/user/profil');
    expect(loginTarget('user/logout', ORIGIN)).toBe('/user/profil');
    expect(loginTarget('user/profil', ORIGIN)).toBe('/user/profil');
    expect(loginTarget('user/loginx', ORIGIN)).toBe('/user/loginx');
  });
});
