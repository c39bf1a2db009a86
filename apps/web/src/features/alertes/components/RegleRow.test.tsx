import type { StatusResponse } from '@limni/shared/contracts/account';
import { ActivitesResponse } from '@limni/shared/contracts/activites';
import type { Regle, RegleUpdateBody } from '@limni/shared/contracts/alertes';
import { LieuDetail } from '@limni/shared/contracts/hydro';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import activitesJson from '../../../../test/fixtures/alertes-activites.json';
import portetJson from '../../../../test/fixtures/alertes-portet.json';
import { csrf, errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { Notifications } from '../../../components/ui/Notifications';
import { useAccount } from '../../../stores/account';
import { useNotifications } from '../../../stores/notifications';
import { RegleRow } from './RegleRow';

const portet = fixture(portetJson, LieuDetail);
const activites = fixture(activitesJson, ActivitesResponse);
const canoe = activites.body.find((a) => a.slug === 'canoe-kayak');
if (!canoe) throw new Error('canoë-kayak is an activity of the demo');

const regle = (over: Partial<Regle> = {}): Regle => ({
  id: 11,
  lieu: { id: portet.body.id, nom: portet.body.libelle },
  type: 'au_dessus',
  grandeur: 'H',
  unite: 'm',
  seuil: 3,
  seuil2: null,
  horizon_h: null,
  activite: null,
  origine: 'utilisateur',
  actif: true,
  description: 'Hauteur au-dessus de 3,00 m',
  created_at: Date.UTC(2022, 0, 10),
  derniere_notification: null,
  ...over,
});
/** A default rule of the canoë-kayak, which fired on 28 January 2022 at 14:30 in Paris. */
const defaut = regle({
  id: 12,
  type: 'en_dessous',
  seuil: 0.4,
  description: 'Hauteur sous 0,40 m',
  activite: { id: canoe.id, nom: canoe.nom },
  origine: 'defaut',
  derniere_notification: Date.UTC(2022, 0, 28, 13, 30),
});

/** Answers PATCH and DELETE of rule `id` with `reply` and keeps what was sent. */
function answerChanges(id: number, reply?: () => Response) {
  const sent: { method: string; body: RegleUpdateBody | null }[] = [];
  server.use(
    csrf,
    http.patch(`/api/user/alertes/regles/${id}`, async ({ request }) => {
      const body = (await request.json()) as RegleUpdateBody;
      sent.push({ method: 'PATCH', body });
      return reply?.() ?? HttpResponse.json(regle({ id, actif: body.actif ?? true }));
    }),
    http.delete(`/api/user/alertes/regles/${id}`, () => {
      sent.push({ method: 'DELETE', body: null });
      return reply?.() ?? HttpResponse.json({ status: 200 } satisfies StatusResponse);
    }),
    http.get(activites.path, () => HttpResponse.json(activites.body)),
  );
  return sent;
}

async function renderRow(r: Regle, langue: 'fr' | 'en' = 'fr') {
  useAccount.setState({ token: 'jeton', user: { id: 7, username: 'marie' } });
  return renderScreen(
    <>
      <ul>
        <RegleRow regle={r} />
      </ul>
      <Notifications />
    </>,
    { langue },
  );
}

const exactly = (s: string) =>
  new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);

afterEach(() => {
  useAccount.setState(useAccount.getInitialState(), true);
  useNotifications.setState({ items: [] });
});

describe('RegleRow: what a rule says', () => {
  it('shows the sentence of a rule the person added, on, with nothing else to say', async () => {
    const r = regle();
    await renderRow(r);
    expect(screen.getByText(r.description)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: exactly(`Alerte active : ${r.description}`) })).toBeChecked();
    expect(
      screen.getByRole('button', { name: exactly(`Supprimer l’alerte « ${r.description} »`) }),
    ).toBeEnabled();
    expect(screen.queryByText(/proposée à l’abonnement|Dernière alerte/)).not.toBeInTheDocument();
  });

  it('names the activity of a default rule and when it last fired', async () => {
    answerChanges(defaut.id);
    await renderRow(defaut);
    expect(
      await screen.findByText(
        `${canoe.nom} · proposée à l’abonnement · Dernière alerte le 28/01/2022 à 14h30`,
      ),
    ).toBeInTheDocument();
  });

  it('says a default rule without activity is a default', async () => {
    await renderRow(regle({ origine: 'defaut', actif: false }));
    expect(screen.getByText('proposée à l’abonnement')).toBeInTheDocument();
    expect(screen.getByRole('switch')).not.toBeChecked();
  });

  it('names the activity in English for an English reader', async () => {
    answerChanges(defaut.id);
    await renderRow(defaut, 'en');
    expect(
      await screen.findByText(/^Canoeing and kayaking · suggested with the subscription · Last alert on/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Delete the alert “${defaut.description}”` })).toBeEnabled();
  });
});

describe('RegleRow: pause and delete', () => {
  it('pauses an alert', async () => {
    const sent = answerChanges(11);
    const { user } = await renderRow(regle());
    await user.click(screen.getByRole('switch'));
    expect(await screen.findByText('Alerte suspendue.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', body: { actif: false } }]);
  });

  it('turns a paused alert back on', async () => {
    const sent = answerChanges(11);
    const { user } = await renderRow(regle({ actif: false }));
    await user.click(screen.getByRole('switch'));
    expect(await screen.findByText('Alerte réactivée.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', body: { actif: true } }]);
  });

  it('deletes an alert', async () => {
    const sent = answerChanges(11);
    const { user } = await renderRow(regle());
    await user.click(screen.getByRole('button', { name: /^Supprimer l’alerte/ }));
    expect(await screen.findByText('Alerte supprimée.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', body: null }]);
  });

  it('shows the server’s reason when a change is refused', async () => {
    const message = 'Cette alerte n’existe plus.';
    const sent = answerChanges(11, () => errorReply(404, { code: 'not_found', message }));
    const { user } = await renderRow(regle());
    await user.click(screen.getByRole('button', { name: /^Supprimer l’alerte/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^Supprimer l’alerte/ })).toBeEnabled();
  });
});
