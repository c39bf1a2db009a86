/**
 * The chosen activity's verdicts at a stretch's places (docs/decisions/145): a stretch may hold places of several
 * entities (a river and its arms), so they come from each entity, at the data "now" as on the entity page.
 */
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { VerdictEntite } from '@limni/shared/contracts/activites';
import { verdictEntiteQuery } from '../../../api/entite';
import { activitesQuery } from '../../../api/hydro';
import { nomActivite } from '../../../lib/activite-nom';
import { verdictRow, type LieuRowData } from '../components/LieuRow';

/** Each place's verdict, and the warning of indicative thresholds when one of the answers has some. */
function combineVerdicts(results: UseQueryResult<VerdictEntite>[]) {
  return {
    parLieu: new Map<number, NonNullable<LieuRowData['verdict']>>(
      results.flatMap((r) => (r.data?.lieux ?? []).map((v) => [v.lieu.id, verdictRow(v)] as const)),
    ),
    avertissement: results.find((r) => r.data?.indicatif)?.data?.avertissement ?? null,
  };
}

export function useTronconVerdicts(entiteIds: readonly number[], ida: number) {
  const activite = useQuery(activitesQuery()).data?.find((a) => a.id === ida);
  const verdicts = useQueries({
    // Asked only for one of Limni's activities: an unknown one in the address would be refused.
    queries: entiteIds.map((id) => ({
      ...verdictEntiteQuery(ida, id, null),
      enabled: activite !== undefined,
    })),
    combine: combineVerdicts,
  });
  return { ...verdicts, activiteNom: activite ? nomActivite(activite) : undefined };
}
