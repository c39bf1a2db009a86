/**
 * « À quoi ressemble ce niveau » (docs/decisions/153): beside the reading, the community photos stamped with a reading
 * close to it (water level ± 0.25 m, flow ± 20 %), each with its reading, its date and its author; said plainly when
 * there is none yet, or no recent reading to compare with. Its answer is asked when the part comes near the viewport.
 */
import { useQuery } from '@tanstack/react-query';
import { photosNiveauQuery } from '../../../../api/publications';
import { ErrorState, SkeletonBlock } from '../../../../components/ui/States';
import { formatDateTime, formatValue } from '../../../../lib/format';
import { useNearViewport } from '../../../../lib/use-near-viewport';
import { useLieuMessages } from '../../messages';

export function NiveauPhotos({ lieuId, titleId }: { lieuId: number; titleId: string }) {
  const m = useLieuMessages();
  const near = useNearViewport(titleId);
  const q = useQuery({ ...photosNiveauQuery(lieuId), enabled: near });
  const r = q.data;
  return (
    <section aria-labelledby={titleId} className="card space-y-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {m('niveauPhotosTitre')}
      </h2>
      {q.isError ? (
        <ErrorState message={q.error.message} onRetry={() => void q.refetch()} />
      ) : !r ? (
        <SkeletonBlock lines={3} />
      ) : r.releve === null || r.tolerance === null ? (
        <p className="text-sm text-muted">{m('niveauPhotosSansMesure')}</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {m(r.photos.length === 0 ? 'niveauPhotosAucune' : 'niveauPhotosTexte', {
              valeur: formatValue(r.releve.valeur, r.releve.unite),
              tolerance: formatValue(r.tolerance, r.releve.unite, r.releve.grandeur === 'H' ? 2 : 0),
            })}
          </p>
          {r.photos.length > 0 && (
            <ul className="grid grid-cols-2 gap-2">
              {r.photos.map((p) => {
                const releve = m('niveauPhotosReleve', {
                  valeur: formatValue(p.valeur, r.releve?.unite ?? ''),
                  date: formatDateTime(p.ts),
                  auteur: p.auteur,
                });
                return (
                  <li key={p.publication_id}>
                    <figure className="space-y-1">
                      <a href={p.url} target="_blank" rel="noopener noreferrer" className="block">
                        <img
                          src={p.url}
                          alt={p.texte.trim() ? p.texte.slice(0, 140) : releve}
                          loading="lazy"
                          className="aspect-square w-full rounded-lg object-cover"
                        />
                      </a>
                      <figcaption className="text-xs text-muted">{releve}</figcaption>
                    </figure>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
