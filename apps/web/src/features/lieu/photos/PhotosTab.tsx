/** Photos: the place's own photos and those of its publications, newest first, with a clear empty state. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import { publicationsQuery } from '../../../api/publications';
import { EmptyState, ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { formatLongDate } from '../../../lib/format';
import { useLieuMessages } from '../messages';
import { ICON } from '../../../components/ui/icons';

interface GridPhoto {
  key: string;
  url: string;
  alt: string;
  caption: string;
  ts: number;
}

export default function PhotosTab({ lieu }: { lieu: LieuDetail }) {
  const m = useLieuMessages();
  const { pathname, search } = useLocation();
  const publications = useInfiniteQuery(publicationsQuery(lieu.id));
  const photos = useMemo<GridPhoto[]>(() => {
    const own = lieu.photos.map((p) => ({
      key: `p${p.id}`,
      url: p.url,
      alt: p.legende ?? m('photoLieu', { nom: lieu.nom }),
      caption: [p.legende, p.credit ? `© ${p.credit}` : null, formatLongDate(p.created_at)]
        .filter(Boolean)
        .join(' · '),
      ts: p.created_at,
    }));
    const posted = (publications.data?.pages.flat() ?? [])
      .filter((p) => p.photo !== null)
      .map((p) => ({
        key: `pub${p.id}`,
        url: p.photo ?? '',
        alt: p.texte.trim() ? p.texte.slice(0, 140) : m('photoLieu', { nom: lieu.nom }),
        caption: m('photoDe', { auteur: p.auteur.username, date: formatLongDate(p.created_at) }),
        ts: p.created_at,
      }));
    // The API also lists publication photos among the place's photos: one entry per image.
    const postedUrls = new Set(posted.map((p) => p.url));
    return [...own.filter((p) => !postedUrls.has(p.url)), ...posted].sort((a, b) => b.ts - a.ts);
  }, [lieu, publications.data, m]);

  if (publications.isPending && lieu.photos.length === 0) return <SkeletonBlock lines={4} />;
  if (publications.isError && lieu.photos.length === 0) {
    return <ErrorState onRetry={() => void publications.refetch()} />;
  }
  if (photos.length === 0) {
    return (
      <EmptyState title={m('photosVide')} icon={ICON.photo}>
        <p>{m('photosVideTexte')}</p>
        <Link
          className="link mt-2 inline-block underline"
          to={pathname.replace(/\/photos$/, '/social') + search}
        >
          {m('ongletSocial')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
      {photos.map((p) => (
        <li key={p.key}>
          <figure className="card space-y-1 !p-1.5">
            <a href={p.url} target="_blank" rel="noopener noreferrer" className="block">
              <img
                src={p.url}
                alt={p.alt}
                loading="lazy"
                className="aspect-square w-full rounded-lg object-cover"
              />
            </a>
            <figcaption className="px-1 text-xs text-muted">{p.caption}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
