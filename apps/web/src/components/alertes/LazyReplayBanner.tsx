/** The replay banner in its own chunk (out of the first load of `/`); render it inside a `Suspense`. */
import { lazy } from 'react';

export const ReplayBanner = lazy(() => import('./ReplayBanner'));
