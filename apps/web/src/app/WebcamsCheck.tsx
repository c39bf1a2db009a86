/**
 * Whether Limni has webcams to link to (no link to an empty list), for the footer: its own chunk, loaded
 * when the footer comes near the viewport, so that the query and its contract leave the first load (ADR 052).
 */
import type { ReactNode } from 'react';
import { useHasWebcams } from '../api/search';

export default function WebcamsCheck({ children }: { children: (hasWebcams: boolean) => ReactNode }) {
  return <>{children(useHasWebcams())}</>;
}
