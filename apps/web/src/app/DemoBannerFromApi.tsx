/**
 * The demo banner when the page carries no service state (a page kept by the service worker before docs/decisions/109,
 * or served while the health computation failed): from `/api/health`, in its own chunk.
 */
import { useQuery } from '@tanstack/react-query';
import { healthQuery, useDataClock } from '../api/health';
import { DemoBannerView } from './DemoBannerView';

export default function DemoBannerFromApi() {
  const health = useQuery(healthQuery());
  const clock = useDataClock();
  const fin = clock.episode ? clock.episode.fin : (health.data?.donnees.fin ?? null);
  const debut = clock.episode ? clock.episode.debut : (health.data?.donnees.debut ?? null);
  if (!clock.demo || debut === null || fin === null) return null;
  return <DemoBannerView now={clock.now} episode={clock.episode?.libelle ?? null} debut={debut} fin={fin} />;
}
