/** Reading English texts in tests: the plain-text part of a mail, and the French that must not appear (ADR 125, 146). */

/** The text/plain part of a received message. */
export const textPart = (raw: string) =>
  /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)\n--/i.exec(raw)?.[1] ?? '';

/** Words of the French alert templates (and any accented letter or guillemet) that must not appear in English. */
export const FRENCH =
  /\b(le|la|les|de|du|des|au|votre|vos|seuil|hauteur|tendance|hausse|bonjour|alerte|lieu|voir|plus|sur|et|arrêter|profil)\b|[àâçéèêëîïôûùœ«»]/i;

/** The text without a place's own name, the links (their paths are French routes: /lieu, /user/profil) and tags. */
export const withoutName = (s: string, name: string) =>
  s
    .split(name)
    .join(' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/<[^>]+>/g, ' ');
