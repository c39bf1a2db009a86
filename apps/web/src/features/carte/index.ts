/** The map: a light preview that loads MapLibre only when it comes into view, its point type and the base map test. */
export { LightMap } from './components/LightMap';
export type { MapPoint } from './map-types';
export { onBaseMap } from './base-water';
