/** « Lettres d'information »: one switch per mailing list (`user/toggle-liste-sib`). */
import { useMutation } from '@tanstack/react-query';
import type { ListeSibEtat } from '@limni/shared/contracts/profile';
import { LISTES_SIB_EN } from '@limni/shared/domain/listes-en';
import { failureOf } from '../../../../api/account';
import { toggleListeMutation } from '../../../../api/profile';
import { Switch } from '../../../../components/ui/Switch';
import { EmptyState } from '../../../../components/ui/States';
import { notify } from '../../../../stores/notifications';
import { useProfileMessages } from '../messages';
import { Section } from './Section';
import { ICON } from '../../../../components/ui/icons';
import { currentLangue } from '../../../../lib/i18n';

/** A list's name and description in the page's language (the API sends the French ones). */
function enLangue(liste: ListeSibEtat): { nom: string; description: string } {
  return (currentLangue() === 'en' && LISTES_SIB_EN[liste.nom]) || liste;
}

export function ListesSection({ listes }: { listes: ListeSibEtat[] }) {
  const m = useProfileMessages();
  const mutation = useMutation(toggleListeMutation());
  const busy = mutation.isPending ? mutation.variables : null;
  return (
    <Section id="lettres" title={m('lettres')} intro={m('lettresIntro')}>
      {listes.length === 0 ? (
        <EmptyState title={m('lettresVide')} icon={ICON.enveloppe} />
      ) : (
        <div className="divide-y divide-line">
          {listes.map((liste) => (
            <Switch
              key={liste.id}
              label={enLangue(liste).nom}
              description={enLangue(liste).description}
              checked={liste.inscrit}
              disabled={busy === liste.id}
              onChange={() =>
                mutation.mutate(liste.id, {
                  onSuccess: (res) => {
                    const now = res.listes_sib.find((l) => l.id === liste.id);
                    notify(m(now?.inscrit ? 'inscrit' : 'desinscrit', { nom: enLangue(liste).nom }), {
                      kind: 'success',
                    });
                  },
                  onError: (err) => notify(failureOf(err).message, { kind: 'error' }),
                })
              }
            />
          ))}
        </div>
      )}
    </Section>
  );
}
