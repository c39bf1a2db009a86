/** Webcam: the latest image large with its legend "le dd/mm/yyyy à HHhMM" (from the URL), or a clear empty state. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import { lieuWebcamQuery } from '../../../api/lieu';
import { useHasWebcams } from '../../../api/search';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/States';
import { useLieuMessages } from '../messages';
import { ICON } from '../../../components/ui/icons';

export default function WebcamTab({ lieu }: { lieu: LieuDetail }) {
  const m = useLieuMessages();
  const webcam = useQuery(lieuWebcamQuery(lieu.id));
  const hasWebcams = useHasWebcams();
  if (webcam.isPending) return <Skeleton className="aspect-video w-full" />;
  if (webcam.isError) return <ErrorState onRetry={() => void webcam.refetch()} />;
  const w = webcam.data;
  if (!w.disponible || !w.url) {
    return (
      <EmptyState title={m('webcamVide')} icon={ICON.camera}>
        <p>{m('webcamVideTexte')}</p>
        {hasWebcams && (
          <Link className="link mt-2 inline-block underline" to="/webcams">
            {m('toutesWebcams')}
          </Link>
        )}
      </EmptyState>
    );
  }
  const nom = w.nom ?? lieu.nom;
  return (
    <figure className="card space-y-2 !p-2 sm:!p-3">
      <img
        src={w.url}
        alt={m('webcamImage', { nom })}
        className="w-full rounded-lg bg-slate-100 object-contain dark:bg-white/5"
        loading="lazy"
      />
      <figcaption className="px-1 text-sm">
        <span className="font-semibold">{nom}</span>
        {w.legende && <span> — {w.legende}</span>}
        {w.credit && <span className="block text-muted">{m('webcamCredit', { credit: w.credit })}</span>}
      </figcaption>
    </figure>
  );
}
