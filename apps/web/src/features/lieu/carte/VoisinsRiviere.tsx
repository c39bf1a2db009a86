/**
 * The nearest places upstream and downstream on the same river, with their latest values, trends and ages (issue
 * 16; the river order comes from French station codes, docs/decisions/096). Ages are counted on each place's own
 * clock: the data clock, or its recorded episode's (docs/decisions/088).
 */
import { useId } from 'react';
import { Link } from 'react-router';
import type { EntiteLieux } from '@limni/shared/contracts/hydro';

type LieuAvecEtats = EntiteLieux['lieux'][number];
import { lieuHref } from '../../../api/search';
import { CapteurValues } from '../../hydro';
import { Freshness } from '../../hydro';
import { ICON } from '../../../components/ui/icons';
import { LineIcon } from '../../../components/ui/LineIcon';
import { useLieuMessages } from '../messages';
import { voisinsAmontAval } from './voisins';

function Voisin({
  lieu,
  sens,
  ida,
  maintenant,
}: {
  lieu: LieuAvecEtats;
  sens: 'amont' | 'aval';
  ida: number;
  maintenant: number;
}) {
  const m = useLieuMessages();
  const latest = lieu.capteurs
    .filter((c) => c.ts !== null && c.valeur !== null)
    .sort((a, b) => (b.ts as number) - (a.ts as number))[0];
  const now = lieu.episode?.maintenant ?? maintenant;
  return (
    <li className="card flex flex-col gap-1.5">
      <span className="inline-flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-muted">
        <LineIcon d={sens === 'amont' ? ICON.flecheHaut : ICON.flecheBas} size={14} />
        {m(sens === 'amont' ? 'voisinAmont' : 'voisinAval')}
      </span>
      <Link className="link font-semibold" to={lieuHref(lieu.id, ida)}>
        {lieu.libelle}
      </Link>
      <CapteurValues capteurs={lieu.capteurs} datedTs={latest?.ts} />
      {latest && (
        <Freshness
          ts={latest.ts}
          fraicheur={latest.fraicheur}
          now={now}
          pasMin={latest.pas_min}
          ownClock={lieu.episode !== undefined}
        />
      )}
    </li>
  );
}

export function VoisinsRiviere({ lieuId, etats, ida }: { lieuId: number; etats: EntiteLieux; ida: number }) {
  const m = useLieuMessages();
  const id = useId();
  const { amont, aval } = voisinsAmontAval(etats.lieux, lieuId);
  if (!amont && !aval) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {m('voisinsRiviere')}
      </h2>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2">
        {amont && <Voisin lieu={amont} sens="amont" ida={ida} maintenant={etats.maintenant} />}
        {aval && <Voisin lieu={aval} sens="aval" ida={ida} maintenant={etats.maintenant} />}
      </ul>
    </section>
  );
}
