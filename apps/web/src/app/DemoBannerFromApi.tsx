/**
 * The demo banner when the page carries no service state (a page kept by the service worker before docs/decisions/109,
 * or served while the health computation failed): from `/api/health`, in its own chunk, with the same facts as the
 * page's copy would give.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentEpisode } from '../api/episode-scope';
import { healthQuery } from '../api/health';
import { clockDataOf } from '../api/page-health';
import { demoBannerProps } from './demo-banner-words';
import { DemoBannerView } from './DemoBannerView';

export default function DemoBannerFromApi() {
  const health = useQuery(healthQuery());
  const [realNow] = useState(() => Date.now());
  const code = useCurrentEpisode();
  const data = health.data && clockDataOf(health.data);
  const props = data && demoBannerProps(data, realNow, code);
  return props ? <DemoBannerView {...props} /> : null;
}
