/**
 * The start-up check of a stored token (docs/requirements.md R5.1): verified, then refreshed. Its own chunk, loaded
 * only when a token is stored, so that a visitor's first load carries no contract parser (docs/decisions/052).
 */
import * as z from 'zod/mini';
import { api } from '../lib/api';

const TokenResponse = z.object({ token: z.string() });

/** The refreshed token of a stored one; throws when the server refuses either step. */
export async function refreshStoredToken(stored: string): Promise<string> {
  await api('user/token-verify', TokenResponse, { method: 'POST', body: { token: stored } });
  const { token } = await api('user/token-refresh', TokenResponse, {
    method: 'POST',
    body: { token: stored },
  });
  return token;
}
