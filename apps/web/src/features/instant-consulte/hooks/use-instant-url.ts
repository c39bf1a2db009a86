/**
 * Keeps the instant consulted and the address in step (docs/decisions/152). The address decides when it says
 * something: a shared link with `?t=`, Back and Forward, « Revenir à maintenant » (its link carries `maintenant`
 * in its state). A link inside the app that leaves `t` out keeps the instant: it is written back into the address
 * (replacing the entry, so Back does not bounce). When the instant changes, the answers of the data on screen are
 * dropped and asked again at the new one.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { INSTANT_PARAM } from '@limni/shared/domain/instant-consulte';
import { instantConsulte, searchWithInstant, setInstantFromSearch } from '../../../lib/instant-consulte';

/** Query keys of the answers that follow the data clock (the API paths `pathAtInstant` gives the instant to). */
const FOLLOW_CLOCK = [['hydro'], ['activites']];

/** The state of a link back to now: the address without `t` then means now. */
export const MAINTENANT = { maintenant: true } as const;

function askAgain(client: QueryClient): void {
  for (const queryKey of FOLLOW_CLOCK) {
    void client.cancelQueries({ queryKey }).then(() => client.resetQueries({ queryKey }));
  }
}

export function useInstantUrl(): void {
  const location = useLocation();
  const navType = useNavigationType();
  const navigate = useNavigate();
  const client = useQueryClient();
  useLayoutEffect(() => {
    const inAddress = new URLSearchParams(location.search).has(INSTANT_PARAM);
    const current = instantConsulte();
    const backToNow =
      typeof location.state === 'object' && location.state !== null && 'maintenant' in location.state;
    if (inAddress || backToNow || navType === 'POP' || current === null) {
      if (setInstantFromSearch(location.search)) askAgain(client);
      return;
    }
    void navigate(
      {
        pathname: location.pathname,
        search: searchWithInstant(location.search, current.texte),
        hash: location.hash,
      },
      { replace: true, state: location.state as unknown },
    );
    // Once per navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}
