import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error-class';
import { retryOnce } from './query-retry';

describe('retryOnce', () => {
  it('asks once more after a network failure or a server error', () => {
    expect(retryOnce(0, new ApiError(0, 'network', 'hors ligne'))).toBe(true);
    expect(retryOnce(0, new ApiError(503, 'upstream_unavailable', 'indisponible'))).toBe(true);
    expect(retryOnce(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryOnce(1, new ApiError(503, 'upstream_unavailable', 'indisponible'))).toBe(false);
  });

  it('never asks again what the server refused or does not have (404 of an unknown place, 400, 429)', () => {
    for (const status of [400, 401, 404, 429]) {
      expect(retryOnce(0, new ApiError(status, 'validation', 'x'))).toBe(false);
    }
  });
});
