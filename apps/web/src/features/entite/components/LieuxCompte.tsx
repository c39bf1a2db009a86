/**
 * The count beside a list of places, with how many have readings (docs/decisions/144): « (6, dont 1 avec des
 * mesures) », « (1, aucun avec des mesures) », « (3) » when all have some.
 */
import { useEntiteMessages } from '../messages';

export function LieuxCompte({ lieux }: { lieux: ReadonlyArray<{ a_des_mesures: boolean }> }) {
  const m = useEntiteMessages();
  const n = lieux.length;
  const avec = lieux.filter((l) => l.a_des_mesures).length;
  return (
    <span className="font-normal text-muted">
      {avec === n ? `(${n})` : avec === 0 ? m('lieuxCompteAucun', { n }) : m('lieuxCompte', { n, m: avec })}
    </span>
  );
}
