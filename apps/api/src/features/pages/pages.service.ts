/**
 * The content pages' HTML (docs/decisions/017): rendered from their Markdown by the Markdown module shared with
 * the web app (`packages/shared/src/domain/markdown.ts`, docs/decisions/079): raw HTML shows as text and only
 * http(s), mailto, same-site and anchor links are kept, so the HTML can be inserted as is by the web app.
 */
import type { Page, PAGE_SLUGS } from '@limni/shared/contracts/pages';
import { renderMarkdown } from '@limni/shared/domain/markdown';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Langue } from '../../http/langue';
import { texte } from '../../http/texte';
import { getPage } from './pages.repo';

const PAGE_INDISPONIBLE = texte("Cette page n'est pas encore disponible.", 'This page is not available yet.');

const cache = new Map<string, string>();

/** Rendered once per page text (a handful of pages, each filled from one configuration). */
export function renderPage(page: { slug: string; markdown: string }): string {
  const key = `${page.slug}@${page.markdown}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = renderMarkdown(page.markdown);
    cache.set(key, html);
  }
  return html;
}

/** Who publishes and hosts this instance (ADR 061), from the configuration. */
export interface LegalIdentity {
  EDITEUR?: string;
  DIRECTEUR_PUBLICATION?: string;
  HEBERGEUR?: string;
  PRESTATAIRE_EMAIL?: string;
}

/** Configured text goes into Markdown as plain text: its punctuation cannot turn into links, emphasis or HTML. */
const plain = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]{}()<>#+|!~]/g, '\\$&');

/** The legal notice in English: the same identity fields. */
function legalNoticeEn(id: LegalIdentity): string {
  if (!id.EDITEUR || !id.DIRECTEUR_PUBLICATION || !id.HEBERGEUR) {
    return [
      '### Publisher and hosting',
      '',
      'This instance of Limni runs on a demonstration data set and is not operated publicly: it has no declared',
      'publisher nor host. An instance put online states here its publisher (name or company name, address,',
      'registration), its publication director and its host, as required by article 6 of French law no. 2004-575 of',
      '21 June 2004 on confidence in the digital economy. For any question: the [Contact us](/contact) form.',
    ].join('\n');
  }
  return [
    '### Publisher of the site',
    '',
    `- Publisher: ${plain(id.EDITEUR)}`,
    `- Publication director: ${plain(id.DIRECTEUR_PUBLICATION)}`,
    '- Contact: the [Contact us](/contact) form',
    '',
    '### Hosting',
    '',
    `- Host: ${plain(id.HEBERGEUR)}`,
  ].join('\n');
}

/** The legal notice of this instance: the configured identity, or what a demonstration instance is. */
function mentionsLegales(id: LegalIdentity, langue: Langue = 'fr'): string {
  if (langue === 'en') return legalNoticeEn(id);
  if (!id.EDITEUR || !id.DIRECTEUR_PUBLICATION || !id.HEBERGEUR) {
    return [
      '### Éditeur et hébergement',
      '',
      "Cette instance de Limni fonctionne sur un jeu de données de démonstration et n'est pas exploitée",
      "publiquement : elle n'a ni éditeur ni hébergeur déclarés. Une instance mise en ligne indique ici son éditeur",
      '(nom ou raison sociale, adresse, immatriculation), son directeur ou sa directrice de la publication et son',
      "hébergeur, comme l'exige l'article 6 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans",
      "l'économie numérique. Pour toute question : le formulaire [Contactez-nous](/contact).",
    ].join('\n');
  }
  return [
    '### Éditeur du site',
    '',
    `- Éditeur : ${plain(id.EDITEUR)}`,
    `- Directeur ou directrice de la publication : ${plain(id.DIRECTEUR_PUBLICATION)}`,
    '- Contact : le formulaire [Contactez-nous](/contact)',
    '',
    '### Hébergement',
    '',
    `- Hébergeur : ${plain(id.HEBERGEUR)}`,
  ].join('\n');
}

/** Fills the placeholders of a page (`{{mentions_legales}}`, `{{prestataire_email}}`) from the configuration. */
export function fillPlaceholders(markdown: string, id: LegalIdentity, langue: Langue = 'fr'): string {
  return markdown
    .replaceAll('{{mentions_legales}}', mentionsLegales(id, langue))
    .replaceAll('{{prestataire_email}}', id.PRESTATAIRE_EMAIL ? ` (${plain(id.PRESTATAIRE_EMAIL)})` : '');
}

/**
 * A content page as served, in the asked language (its English version `<slug>.en` when English is asked): its
 * stored Markdown with the legal placeholders filled, and its HTML.
 */
export async function contentPage(
  deps: Pick<AppDeps, 'db' | 'env'>,
  slug: (typeof PAGE_SLUGS)[number],
  langue: Langue = 'fr',
): Promise<Page> {
  const stored = await getPage(deps.db.db, langue === 'en' ? `${slug}.en` : slug);
  if (!stored) throw notFound(PAGE_INDISPONIBLE);
  const page = { ...stored, slug, langue, markdown: fillPlaceholders(stored.markdown, deps.env, langue) };
  return { ...page, html: renderPage(page) };
}
