/** The mailing lists users may join from their profile (listes sib, docs/requirements.md R5.2). */
import type { ListeSib } from '@limni/shared/contracts/communication';
import type { AppDeps } from '../../deps';
import { listListes } from './communication.repo';

export function listesSib(deps: Pick<AppDeps, 'db'>): Promise<ListeSib[]> {
  return listListes(deps.db.db);
}
