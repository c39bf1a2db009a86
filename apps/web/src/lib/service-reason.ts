/**
 * Why the service shows its demonstration (docs/decisions/134): the server says it in French (`ingest/probe.ts`,
 * `data/service-mode.ts`); its known sentences are read back into the page's language, another one is shown as is,
 * marked French. For the demo banner and the « État des sources » page. Pure (reads the page's language).
 */
import { currentLangue, t } from './i18n';

/** A sentence, with `lang` when it is the server's French shown as is on an English page. */
export interface Phrase {
  text: string;
  lang?: 'fr';
}

const UNREACHABLE = /^sources injoignables depuis ce serveur\s*:\s*(.+?) ne répond pas\.?$/i;
const CHECKING = /^vérification des sources en cours\.?$/i;

/** A capital at the start and one full stop at the end. */
export const asSentence = (s: string): string =>
  `${s.charAt(0).toUpperCase()}${s.slice(1).replace(/\.$/, '')}.`;

/** The reason of a demo, as a sentence (« Sources injoignables depuis ce serveur : Hub'Eau ne répond pas. »). */
export function serviceReason(raison: string | null): Phrase {
  if (raison === null) return { text: asSentence(t('banner.sansRaison')) };
  const unreachable = UNREACHABLE.exec(raison.trim());
  if (unreachable) return { text: asSentence(t('banner.injoignable', { source: unreachable[1] ?? '' })) };
  if (CHECKING.test(raison.trim())) return { text: asSentence(t('banner.verification')) };
  return currentLangue() === 'fr' ? { text: asSentence(raison) } : { text: asSentence(raison), lang: 'fr' };
}
