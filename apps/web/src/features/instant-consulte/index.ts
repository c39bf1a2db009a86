/** The instant consulted (« Voir à une autre date », docs/decisions/152): what the shell and the footer use. */
export { InstantBanner } from './components/InstantBanner';
export { VoirAUneAutreDate } from './components/VoirAUneAutreDate';
export { useInstantUrl } from './hooks/use-instant-url';
