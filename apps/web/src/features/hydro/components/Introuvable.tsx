/** "Not found" for an entity, stretch or place id the API does not know (the shell's 404 page for bad paths). */
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import { ErrorState, Skeleton, SkeletonBlock } from '../../../components/ui/States';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';

export function Introuvable({ titre, texte }: { titre: string; texte: string }) {
  const t = useT();
  usePageTitle(titre);
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand dark:text-sky-200" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{titre}</h1>
      <p className="mt-3 text-muted">{texte}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/choisir/carte" className="btn-primary">
          {t('home.voirCarte')}
        </Link>
        <Link to="/" className="btn-secondary">
          {t('commun.retourAccueil')}
        </Link>
      </div>
    </section>
  );
}

/** A positive integer id from a path segment, or null. */
export function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/**
 * What a detail page shows before it has its data: a skeleton while loading, the "not found" page for an id the
 * API does not know (404), an error with "Réessayer" otherwise.
 */
export function DetailStates({
  query,
  titre,
  texte,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  titre: string;
  texte: string;
}) {
  if (query.error instanceof ApiError && query.error.status === 404) {
    return <Introuvable titre={titre} texte={texte} />;
  }
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      {query.isPending || !query.error ? (
        <>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-40 w-full" />
          <SkeletonBlock lines={5} />
        </>
      ) : (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}
