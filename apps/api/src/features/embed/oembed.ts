/**
 * oEmbed (https://oembed.com, docs/decisions/123): which Limni address a consumer asks about, and the `rich` answer
 * with the widget's `<iframe>`. Pure.
 */
import type { OEmbedQuery, OEmbedResponse } from '@limni/shared/contracts/embed';
import { MAX_ID } from '@limni/shared/contracts/common';
import { esc } from './embed-page';

export interface OEmbedTarget {
  kind: 'lieu' | 'entite';
  id: number;
  /** The activity of a place address (`/lieu/12/a-3`), kept in the widget. */
  activite: number | null;
}

/** A place (`/lieu/{id}[/a-{n}…]`), a river (`/entite/{id}…`) or a widget address on PUBLIC_URL; null otherwise. */
export function oembedTarget(raw: string, publicUrl: string): OEmbedTarget | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicUrl).origin) return null;
  const lieu = /^\/(?:embed\/)?lieu\/([1-9]\d{0,9})(?:\/a-([1-9]\d{0,9}))?(?:\/|$)/.exec(url.pathname);
  if (lieu) {
    const fromQuery = /^(?:a-)?([1-9]\d{0,9})$/.exec(url.searchParams.get('activite') ?? '');
    const activite = lieu[2] ?? fromQuery?.[1];
    if (Number(lieu[1]) > MAX_ID || Number(activite ?? 0) > MAX_ID) return null;
    return { kind: 'lieu', id: Number(lieu[1]), activite: activite ? Number(activite) : null };
  }
  const entite = /^\/(?:embed\/)?entite\/([1-9]\d{0,9})(?:\/|$)/.exec(url.pathname);
  return entite && Number(entite[1]) <= MAX_ID
    ? { kind: 'entite', id: Number(entite[1]), activite: null }
    : null;
}

/** The answer: the default size (a river's list is taller), never above `maxwidth` × `maxheight`. */
export function oembedAnswer(
  t: OEmbedTarget,
  title: string,
  q: Pick<OEmbedQuery, 'maxwidth' | 'maxheight'>,
  publicUrl: string,
  size: { width: number; height: number },
): OEmbedResponse {
  const width = Math.min(size.width, q.maxwidth ?? Infinity);
  const height = Math.min(t.kind === 'entite' ? size.height * 1.5 : size.height, q.maxheight ?? Infinity);
  const src = `${publicUrl}/embed/${t.kind}/${t.id}${t.activite ? `?activite=a-${t.activite}` : ''}`;
  return {
    version: '1.0',
    type: 'rich',
    title,
    provider_name: 'Limni',
    provider_url: publicUrl,
    cache_age: 3600,
    html: `<iframe src="${esc(src)}" width="${width}" height="${height}" title="${esc(`${title} — Limni`)}" style="border:0" loading="lazy"></iframe>`,
    width,
    height,
  };
}
