/**
 * MapLibre's own words (its controls' names and tooltips), in French and English (docs/decisions/124): given to
 * the map as its `locale`. Keys are MapLibre's.
 */
import { defineMessages } from '../../lib/i18n';

const fr = {
  'NavigationControl.ZoomIn': 'Zoomer',
  'NavigationControl.ZoomOut': 'Dézoomer',
  'NavigationControl.ResetBearing': 'Faire glisser pour tourner la carte, cliquer pour revenir au nord',
  'AttributionControl.ToggleAttribution': 'Afficher ou masquer les sources de la carte',
  'AttributionControl.MapFeedback': 'Signaler une erreur sur la carte',
  'FullscreenControl.Enter': 'Plein écran',
  'FullscreenControl.Exit': 'Quitter le plein écran',
  'GeolocateControl.FindMyLocation': 'Me localiser',
  'GeolocateControl.LocationNotAvailable': 'Position indisponible',
  'LogoControl.Title': 'Logo MapLibre',
  'Map.Title': 'Carte',
  'Marker.Title': 'Repère sur la carte',
  'Popup.Close': 'Fermer la fiche',
  'CooperativeGesturesHandler.WindowsHelpText': 'Ctrl + molette pour zoomer la carte',
  'CooperativeGesturesHandler.MacHelpText': '⌘ + molette pour zoomer la carte',
  'CooperativeGesturesHandler.MobileHelpText': 'Deux doigts pour déplacer la carte',
};

const en: Record<keyof typeof fr, string> = {
  'NavigationControl.ZoomIn': 'Zoom in',
  'NavigationControl.ZoomOut': 'Zoom out',
  'NavigationControl.ResetBearing': 'Drag to rotate the map, click to reset north',
  'AttributionControl.ToggleAttribution': 'Show or hide the map’s sources',
  'AttributionControl.MapFeedback': 'Report a map error',
  'FullscreenControl.Enter': 'Full screen',
  'FullscreenControl.Exit': 'Exit full screen',
  'GeolocateControl.FindMyLocation': 'Find my location',
  'GeolocateControl.LocationNotAvailable': 'Location not available',
  'LogoControl.Title': 'MapLibre logo',
  'Map.Title': 'Map',
  'Marker.Title': 'Map marker',
  'Popup.Close': 'Close the card',
  'CooperativeGesturesHandler.WindowsHelpText': 'Use Ctrl + scroll to zoom the map',
  'CooperativeGesturesHandler.MacHelpText': 'Use ⌘ + scroll to zoom the map',
  'CooperativeGesturesHandler.MobileHelpText': 'Use two fingers to move the map',
};

/** The keys MapLibre reads. */
export const MAP_LOCALE_KEYS = Object.keys(fr) as Array<keyof typeof fr>;

export const useMapMessages = defineMessages(fr, en);

/** The words of the map's box before MapLibre is loaded (`LightMap`, docs/decisions/118). */
export const useLightMapMessages = defineMessages(
  { explorer: 'Explorer la carte', chargement: 'Chargement de la carte…' },
  { explorer: 'Explore the map', chargement: 'Loading the map…' },
);
