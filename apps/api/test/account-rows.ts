/**
 * An active account with a verified address, as a row to insert directly (tests and benches that need many
 * accounts at once, without registering each over HTTP).
 */
export function verifiedAccountRow(name: string, now: number, passwordHash = 'x') {
  return {
    username: name,
    username_key: name,
    email: `${name}@exemple.fr`,
    password_hash: passwordHash,
    first_name: '',
    last_name: '',
    is_active: 1 as const,
    email_verified: 1 as const,
    created_at: now,
    updated_at: now,
  };
}
