import { describe, expect, it } from 'vitest';
import { AppError, notFound, rateLimited, toErrorResponse } from './errors';

describe('toErrorResponse', () => {
  it('keeps the status, code and French message of application errors', () => {
    const r = toErrorResponse(notFound('Lieu introuvable.'));
    expect(r).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found', message: 'Lieu introuvable.' } },
    });
  });

  it('keeps field errors', () => {
    const r = toErrorResponse(
      new AppError(400, 'validation', 'Formulaire invalide', { email: ['Adresse invalide'] }),
    );
    expect(r.body.error.fields).toEqual({ email: ['Adresse invalide'] });
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
    expect(toErrorResponse(rateLimited(7, 'Patientez.'))).toMatchObject({
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
