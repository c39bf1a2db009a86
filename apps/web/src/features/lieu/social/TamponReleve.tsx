/**
 * What the publication form will stamp a post with (docs/decisions/153): the place's latest reading now — the water
 * level, else the flow — with its time; when that reading is too old for the post to show that level, it says the
 * photo will not be among « À quoi ressemble ce niveau ».
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FRAICHEUR_TAMPON_MS } from '@limni/shared/domain/niveau-proche';
import { parisDay } from '@limni/shared/domain/time';
import { tamponQuery } from '../../../api/publications';
import { formatDateTime, formatValue } from '../../../lib/format';
import { useLieuMessages } from '../messages';

export function TamponReleve({ lieuId }: { lieuId: number }) {
  const m = useLieuMessages();
  const [now] = useState(() => Date.now());
  const q = useQuery(tamponQuery(lieuId, parisDay(now)));
  const capteurs = q.data?.capteurs ?? [];
  const pick = (g: 'H' | 'Q') => capteurs.find((c) => c.grandeur === g && c.valeur !== null && c.ts !== null);
  const c = pick('H') ?? pick('Q');
  if (!q.data) return null;
  if (!c || c.valeur === null || c.ts === null) {
    return <p className="text-sm text-muted">{m('tamponAucun')}</p>;
  }
  const old = now - c.ts > FRAICHEUR_TAMPON_MS;
  return (
    <p className="text-sm text-muted" data-testid="tampon-releve">
      {m('tampon', { valeur: formatValue(c.valeur, c.unite), date: formatDateTime(c.ts) })}
      {old && <> {m('tamponAncien')}</>}
    </p>
  );
}
