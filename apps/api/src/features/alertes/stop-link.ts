/**
 * One-click stop links of alert e-mails (docs/decisions/058): `<rule id>.<HMAC>`, the HMAC binding the rule to
 * its owner and creation time, so a link stops one rule of one person and dies with the rule.
 */
import crypto from 'node:crypto';

export interface StopTarget {
  id: number;
  user_id: number;
  created_at: number;
}

function stopSignature(key: Buffer, regle: StopTarget): Buffer {
  return crypto
    .createHmac('sha256', key)
    .update(`limni-stop-alerte:${regle.id}:${regle.user_id}:${regle.created_at}`)
    .digest()
    .subarray(0, 18);
}

export function stopToken(key: Buffer, regle: StopTarget): string {
  return `${regle.id}.${stopSignature(key, regle).toString('base64url')}`;
}

/** The rule id a token names (not yet verified: `verifyStopToken` with the rule's row does that). */
export function stopTokenRegleId(token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  return id <= 2_147_483_647 ? id : null;
}

export function verifyStopToken(key: Buffer, token: string, regle: StopTarget): boolean {
  const sig = token.split('.')[1] ?? '';
  const given = Buffer.from(sig, 'base64url');
  const expected = stopSignature(key, regle);
  return (
    stopTokenRegleId(token) === regle.id &&
    given.length === expected.length &&
    crypto.timingSafeEqual(given, expected)
  );
}

/** Absolute URL of the stop link of a rule. */
export function stopUrl(publicUrl: string, key: Buffer, regle: StopTarget): string {
  return `${publicUrl}/api/user/alertes/stop/${stopToken(key, regle)}`;
}
