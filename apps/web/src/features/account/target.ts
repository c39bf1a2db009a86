/**
 * The page to return to after signing in (`/user/login/{page}`): a path of this app only. Anything that could
 * leave the site (`//host`, `\\host`, a scheme) or loop back to the account entry pages gives the profile.
 */
export const AFTER_LOGIN_DEFAULT = '/user/profil';

export function loginTarget(page: string | undefined, origin = window.location.origin): string {
  if (!page) return AFTER_LOGIN_DEFAULT;
  const path = `/${page.replace(/^\/+/, '')}`;
  if (path.includes('\\') || [...path].some((ch) => ch.charCodeAt(0) < 0x20)) return AFTER_LOGIN_DEFAULT;
  try {
    const url = new URL(path, origin);
    if (url.origin !== origin) return AFTER_LOGIN_DEFAULT;
    if (/^\/user\/(login|register|logout)(\/|$)/.test(url.pathname)) return AFTER_LOGIN_DEFAULT;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return AFTER_LOGIN_DEFAULT;
  }
}
