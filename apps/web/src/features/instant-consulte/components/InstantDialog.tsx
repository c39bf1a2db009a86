/**
 * « Voir à une autre date » (docs/decisions/152): a date and a Paris time; the instant is checked here (a real date,
 * not in the future), then by the server, which knows where the data start and says so in the person's language;
 * once accepted the address carries it (`?t=`) and the whole app shows that instant. « Revenir à maintenant » when one
 * is consulted.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { VigilanceResume } from '@limni/shared/contracts/hydro';
import { formatInstantConsulte, parseInstantConsulte } from '@limni/shared/domain/instant-consulte';
import { Dialog } from '../../../components/ui/Dialog';
import { api, ApiError } from '../../../lib/api';
import { searchWithInstant, useInstantConsulte } from '../../../lib/instant-consulte';
import { MAINTENANT } from '../hooks/use-instant-url';
import { useInstantMessages } from '../messages';

export function InstantDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const m = useInstantMessages();
  const instant = useInstantConsulte();
  const location = useLocation();
  const navigate = useNavigate();
  const [start] = useState(() => formatInstantConsulte(instant?.ms ?? Date.now()));
  const [date, setDate] = useState(start.slice(0, 10));
  const [heure, setHeure] = useState(start.slice(11, 16));
  const [erreur, setErreur] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errorId = useId();
  const [today] = useState(() => formatInstantConsulte(Date.now()).slice(0, 10));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!date) return setErreur(m('dateRequise'));
    const texte = `${date}T${heure || '00:00'}`;
    const ms = parseInstantConsulte(texte);
    if (ms === null) return setErreur(m('invalide', { texte }));
    if (ms > Date.now()) return setErreur(m('futur'));
    setPending(true);
    try {
      // The server knows where the data start; its refusal is already in the person's language.
      await api('hydro/vigilance', VigilanceResume, { instant: texte });
    } catch (err) {
      setPending(false);
      return setErreur(err instanceof ApiError ? err.message : String(err));
    }
    setPending(false);
    setErreur(null);
    onOpenChange(false);
    void navigate({ pathname: location.pathname, search: searchWithInstant(location.search, texte) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={m('titre')} description={m('description')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
        <div className="flex flex-wrap gap-4">
          <label className="block">
            <span className="font-medium">{m('date')}</span>
            <input
              type="date"
              name="date"
              required
              max={today}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              aria-invalid={erreur !== null}
              aria-describedby={erreur !== null ? errorId : undefined}
              className="field mt-1 dark:scheme-dark"
            />
          </label>
          <label className="block">
            <span className="font-medium">{m('heure')}</span>
            <input
              type="time"
              name="heure"
              value={heure}
              onChange={(e) => setHeure(e.target.value)}
              className="field mt-1 dark:scheme-dark"
            />
          </label>
        </div>
        {erreur !== null && (
          <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300">
            {erreur}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? m('verification') : m('valider')}
          </button>
          {instant !== null && (
            <Link
              to={{ pathname: location.pathname, search: searchWithInstant(location.search, null) }}
              state={MAINTENANT}
              className="btn-secondary"
              onClick={() => onOpenChange(false)}
            >
              {m('maintenant')}
            </Link>
          )}
        </div>
      </form>
    </Dialog>
  );
}
