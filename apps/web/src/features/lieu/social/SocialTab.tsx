/**
 * Social: publications newest first, each with the observation when it was posted ("Posté quand la Garonne était à
 * 3,12 m ↗"); signed-in users post a text (≤ 2,000 characters) and an optional photo with an upload progress bar,
 * and may delete their own; guests are invited to sign in and come back here.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import { publicationsQuery } from '../../../api/publications';
import { EmptyState, ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { useAccount } from '../../../stores/account';
import { useLieuMessages } from '../messages';
import { PublicationCard } from './PublicationCard';
import { PublicationForm } from './PublicationForm';
import { ICON } from '../../../components/ui/icons';

export default function SocialTab({ lieu }: { lieu: LieuDetail }) {
  const m = useLieuMessages();
  const titleId = useId();
  const { pathname, search } = useLocation();
  const token = useAccount((s) => s.token);
  const publications = useInfiniteQuery(publicationsQuery(lieu.id));
  const items = useMemo(() => publications.data?.pages.flat() ?? [], [publications.data]);

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_22rem] md:items-start">
      <section aria-labelledby={titleId} className="min-w-0 space-y-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {m('social')}
        </h2>
        {publications.isPending ? (
          <SkeletonBlock lines={5} />
        ) : publications.isError ? (
          <ErrorState onRetry={() => void publications.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={m('socialVide')} icon={ICON.crayon}>
            {m('socialVideTexte')}
          </EmptyState>
        ) : (
          <>
            <ol className="space-y-3">
              {items.map((p) => (
                <PublicationCard key={p.id} publication={p} lieu={lieu} />
              ))}
            </ol>
            {publications.hasNextPage && (
              <button
                type="button"
                className="btn-secondary"
                disabled={publications.isFetchingNextPage}
                onClick={() => void publications.fetchNextPage()}
              >
                {m('plusAnciennes')}
              </button>
            )}
          </>
        )}
      </section>
      {/* The composer comes first on a phone, beside the feed on a desktop. */}
      <div className="order-first md:sticky md:top-20 md:order-none">
        {token ? (
          <PublicationForm lieu={lieu} />
        ) : (
          <div className="card space-y-3">
            <p className="font-medium">{m('invitation')}</p>
            <Link
              className="btn-primary"
              to={`/user/login/${encodeURIComponent(`${pathname.slice(1)}${search}`)}`}
            >
              {m('seConnecter')}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
