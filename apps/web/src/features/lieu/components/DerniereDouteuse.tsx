/**
 * Beside the current values: for each sensor whose newest reading its producer judged doubtful, one sentence saying
 * that the previous reading is the one shown (docs/decisions/154).
 */
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import { formatDateTime, formatValue } from '../../../lib/format';
import { nomCapteur } from '../../../lib/capteur-nom';
import { useLieuMessages } from '../messages';

export function DerniereDouteuse({ capteurs }: { capteurs: readonly EtatCapteur[] }) {
  const m = useLieuMessages();
  return capteurs.map(
    (c) =>
      c.valeur !== null &&
      c.douteuse && (
        <p key={c.capteur_id} className="mt-2 text-sm text-muted">
          {m('derniereDouteuse', {
            grandeur: nomCapteur(c.libelle),
            valeur: formatValue(c.douteuse.valeur, c.unite),
            date: formatDateTime(c.douteuse.ts),
          })}
        </p>
      ),
  );
}
