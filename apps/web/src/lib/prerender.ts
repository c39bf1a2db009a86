/**
 * Whether the tree is being prerendered at build time (docs/decisions/116). A prerendered screen is shown before the
 * app's code runs: a control that needs that code (a form's send button) is drawn disabled there, so that pressing
 * it, or Enter in a field, does nothing rather than post the form to the page's own address.
 */
import { createContext, useContext } from 'react';

export const PrerenderContext = createContext(false);

export function useIsPrerender(): boolean {
  return useContext(PrerenderContext);
}
