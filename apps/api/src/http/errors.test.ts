import { describe, expect, it } from 'vitest';
import { AppError, notFound, rateLimited, toErrorResponse } from './errors';
import { texte } from './texte';

describe('toErrorResponse', () => {
  it('keeps the status and code of application errors, with the sentence of the asked language', () => {
    const err = notFound(texte('Lieu introuvable.', 'Place not found.'));
    expect(toErrorResponse(err)).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found', message: 'Lieu introuvable.' } },
    });
    expect(toErrorResponse(err, 'en').body.error).toEqual({ code: 'not_found', message: 'Place not found.' });
  });

  it('keeps field errors', () => {
    const err = new AppError(400, 'validation', texte('Formulaire invalide', 'Invalid form'), {
      email: [texte('Adresse invalide', 'Invalid address')],
    });
    expect(toErrorResponse(err).body.error.fields).toEqual({ email: ['Adresse invalide'] });
    expect(toErrorResponse(err, 'en').body.error.fields).toEqual({ email: ['Invalid address'] });
  });

  it('answers a rate limit with its wait time as Retry-After, in seconds, and in the French message', () => {
    expect(toErrorResponse(rateLimited(42))).toEqual({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Trop de tentatives. Merci de réessayer dans 42 s.' } },
      headers: { 'retry-after': '42' },
      log: false,
    });
    expect(toErrorResponse(rateLimited(150)).body.error.message).toBe(
      'Trop de tentatives. Merci de réessayer dans 150 s (environ 3 min).',
    );
    expect(toErrorResponse(rateLimited(150), 'en').body.error.message).toBe(
      'Too many attempts. Please try again in 150 s (about 3 min).',
    );
    expect(toErrorResponse(rateLimited(7, texte('Patientez.', 'Wait.')))).toMatchObject({
      body: { error: { message: 'Patientez.' } },
      headers: { 'retry-after': '7' },
    });
  });

  it('sets no header on other errors', () => {
    expect(toErrorResponse(notFound()).headers).toBeUndefined();
  });

  it('never leaks the message of an unexpected error', () => {
    const r = toErrorResponse(new Error('SQLITE_CORRUPT: secret path /var/lib/x'));
    expect(r.status).toBe(500);
    expect(r.body.error).toEqual({ code: 'internal', message: 'Une erreur interne est survenue.' });
    expect(r.log).toBe(true);
  });

  it.each([
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [429, 'rate_limited'],
    [400, 'validation'],
  ])('maps framework errors with status %i to %s', (statusCode, code) => {
    const err = Object.assign(new Error('english text'), { statusCode });
    const r = toErrorResponse(err);
    expect(r.status).toBe(statusCode);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.message).not.toMatch(/english/);
  });
});
