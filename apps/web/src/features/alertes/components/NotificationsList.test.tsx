import type {
  NotificationItem,
  NotificationsEtatBody,
  NotificationsEtatResponse,
  NotificationsResponse,
} from '@limni/shared/contracts/alertes';
import { HealthResponse } from '@limni/shared/contracts/health';
import { LieuDetail, LieuEtat } from '@limni/shared/contracts/hydro';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import healthJson from '../../../../test/fixtures/alertes-health.json';
import etatJson from '../../../../test/fixtures/alertes-portet-etat.json';
import portetJson from '../../../../test/fixtures/alertes-portet.json';
import { csrf, errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { Notifications } from '../../../components/ui/Notifications';
import { useAccount } from '../../../stores/account';
import { useNotifications } from '../../../stores/notifications';
import { NotificationsList } from './NotificationsList';

const portet = fixture(portetJson, LieuDetail).body;
const health = fixture(healthJson, HealthResponse);
const hauteur = fixture(etatJson, LieuEtat).body.capteurs.find((c) => c.grandeur === 'H');
if (!hauteur?.ts || hauteur.valeur === null) throw new Error('Portet: a water level recorded');
const lieu = { id: portet.id, nom: portet.libelle };
const niveau = Math.round(hauteur.valeur * 100) / 100;

/** An unread threshold alert sent by e-mail, an unread vigilance change, a forecast read and beyond the daily cap. */
const seuil: NotificationItem = {
  id: 103,
  type: 'au_dessus',
  regle_id: 21,
  lieu,
  titre: `${lieu.nom} : hauteur au-dessus de 0,80 m`,
  message: `La hauteur atteint ${niveau} m.`,
  grandeur: 'H',
  valeur: hauteur.valeur,
  unite: 'm',
  ts: hauteur.ts,
  lien: `/lieu/${lieu.id}/a-1`,
  niveau: null,
  plafonnee: false,
  created_at: hauteur.ts + 120_000,
  lu: false,
  masque: false,
  envois: [
    { canal: 'email', statut: 'envoye' },
    { canal: 'push', statut: 'sans_destinataire' },
  ],
};
const vigilance: NotificationItem = {
  ...seuil,
  id: 102,
  type: 'vigilance',
  regle_id: 22,
  titre: `Vigilance jaune sur ${portet.troncon?.nom ?? ''}`,
  message: 'Le tronçon passe en vigilance jaune.',
  grandeur: null,
  valeur: null,
  unite: null,
  ts: Date.UTC(2022, 0, 31, 15, 0),
  niveau: 2,
  envois: [{ canal: 'email', statut: 'echec' }],
};
const prevision: NotificationItem = {
  ...seuil,
  id: 101,
  type: 'prevision',
  regle_id: null,
  lieu: null,
  titre: 'Prévision : hauteur au-dessus de 1,50 m',
  lien: '/alertes',
  ts: Date.UTC(2022, 0, 30, 11, 0),
  created_at: Date.UTC(2022, 0, 29, 23, 0),
  plafonnee: true,
  lu: true,
  envois: [],
};
const page = (notifications: NotificationItem[], suite = false): NotificationsResponse => ({
  non_lues: notifications.filter((n) => !n.lu).length,
  notifications,
  suite,
});

/** Answers the list with `reply(params, n)` (n: how many times asked) and the state changes, keeping both. */
function answer(reply: (params: URLSearchParams, asked: number) => Response) {
  const asked: URLSearchParams[] = [];
  const sent: NotificationsEtatBody[] = [];
  server.use(
    csrf,
    http.get(health.path, () => HttpResponse.json(health.body)),
    http.get('/api/user/notifications', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return reply(params, asked.length);
    }),
    http.post('/api/user/notifications/etat', async ({ request }) => {
      sent.push((await request.json()) as NotificationsEtatBody);
      return HttpResponse.json({
        status: 200,
        modifiees: 1,
        non_lues: 0,
      } satisfies NotificationsEtatResponse);
    }),
  );
  return { asked, sent };
}
const always = (body: NotificationsResponse) => () => HttpResponse.json(body);

async function renderList(langue: 'fr' | 'en' = 'fr') {
  useAccount.setState({ token: 'jeton', user: { id: 7, username: 'marie' } });
  return renderScreen(
    <>
      <NotificationsList />
      <Notifications />
    </>,
    { route: '/alertes', path: '/alertes', langue },
  );
}

/** The card of the notification titled `titre`. */
const card = async (titre: string) => {
  const item = (await screen.findByRole('heading', { name: titre })).closest('li');
  if (!item) throw new Error(`${titre}: not an item`);
  return within(item);
};
/** « 01/02/2022 à 00h55 », in Paris. */
function dateHeure(ms: number): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('day')}/${p('month')}/${p('year')} à ${p('hour')}h${p('minute')}`;
}

afterEach(() => {
  useAccount.setState(useAccount.getInitialState(), true);
  useNotifications.setState({ items: [] });
});

describe('NotificationsList: what it shows', () => {
  it('lists the notifications, newest first, the unread ones marked « Nouveau »', async () => {
    const { asked } = answer(always(page([seuil, vigilance, prevision])));
    await renderList();
    const section = screen.getByRole('region', { name: 'Mes notifications' });
    expect(await within(section).findAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([seuil.titre, vigilance.titre, prevision.titre]);
    expect(within(section).getByText('2 non lues')).toBeInTheDocument();
    expect(within(section).getAllByText('Nouveau')).toHaveLength(2);
    expect(asked.map((p) => p.toString())).toEqual(['limite=20']);
  });

  it('tells of each notification what, when, and how it was sent', async () => {
    answer(always(page([seuil, vigilance, prevision])));
    await renderList();
    const s = await card(seuil.titre);
    expect(s.getByText('Seuil dépassé')).toBeInTheDocument();
    expect(s.getByText(seuil.message)).toBeInTheDocument();
    expect(
      s.getByText(`Mesure du ${dateHeure(seuil.ts)} · Envoyée le ${dateHeure(seuil.created_at)}`),
    ).toBeInTheDocument();
    expect(s.getByText('E-mail : envoyé')).toBeInTheDocument();
    expect(s.getByText('Notification : aucun appareil')).toBeInTheDocument();
    expect(s.getByRole('link', { name: exactly(`Voir le lieu : ${lieu.nom}`) })).toHaveAttribute(
      'href',
      seuil.lien,
    );

    const v = await card(vigilance.titre);
    expect(v.getByText('Vigilance jaune')).toBeInTheDocument();
    expect(v.getByText(new RegExp(`^Bulletin du ${dateHeure(vigilance.ts)}`))).toBeInTheDocument();
    expect(v.getByText('E-mail : échec')).toBeInTheDocument();

    const p = await card(prevision.titre);
    expect(p.getByText('Prévision')).toBeInTheDocument();
    expect(p.queryByText('Nouveau')).not.toBeInTheDocument();
    expect(p.getByText(new RegExp(`^Prévu le ${dateHeure(prevision.ts)}`))).toBeInTheDocument();
    expect(p.getByText(/^Non envoyée : plus de 10 alertes ce jour-là/)).toBeInTheDocument();
    expect(p.getByRole('link', { name: 'Voir le lieu' })).toHaveAttribute('href', prevision.lien);
  });

  it('says there is no notification yet', async () => {
    answer(always(page([])));
    await renderList();
    expect(await screen.findByText('Aucune notification pour l’instant')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).not.toBeInTheDocument();
  });

  it('says when the notifications could not be read, and reads them again on « Réessayer »', async () => {
    answer((_params, n) =>
      n === 1
        ? errorReply(500, { code: 'internal', message: 'Erreur interne.' })
        : HttpResponse.json(page([seuil])),
    );
    const { user } = await renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vos notifications n’ont pas pu être chargées.',
    );
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: seuil.titre })).toBeInTheDocument();
  });

  it('shows the older ones on demand', async () => {
    const { asked } = answer((params) =>
      HttpResponse.json(params.has('avant') ? page([prevision]) : page([seuil, vigilance], true)),
    );
    const { user } = await renderList();
    await user.click(await screen.findByRole('button', { name: 'Voir les plus anciennes' }));
    expect(await screen.findByRole('heading', { name: prevision.titre })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: seuil.titre })).toBeInTheDocument();
    expect(asked.map((p) => p.get('avant'))).toEqual([null, String(vigilance.id)]);
    expect(screen.queryByRole('button', { name: 'Voir les plus anciennes' })).not.toBeInTheDocument();
  });
});

const exactly = (s: string) =>
  new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);

describe('NotificationsList: read, unread, hidden', () => {
  it('marks one read, another unread, and hides one', async () => {
    const { sent } = answer(always(page([seuil, prevision])));
    const { user } = await renderList();
    await user.click(
      (await card(seuil.titre)).getByRole('button', { name: exactly(`Marquer comme lue : ${seuil.titre}`) }),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    await user.click((await card(prevision.titre)).getByRole('button', { name: /^Marquer comme non lue/ }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await user.click(
      (await card(seuil.titre)).getByRole('button', { name: exactly(`Masquer : ${seuil.titre}`) }),
    );
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual([
      { ids: [seuil.id], lu: true },
      { ids: [prevision.id], lu: false },
      { ids: [seuil.id], masque: true },
    ]);
  });

  it('marks them all read, then reads the list again', async () => {
    const { sent, asked } = answer((_params, n) =>
      HttpResponse.json(
        n === 1
          ? page([seuil, vigilance])
          : page([
              { ...seuil, lu: true },
              { ...vigilance, lu: true },
            ]),
      ),
    );
    const { user } = await renderList();
    await user.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(screen.queryByText('Nouveau')).not.toBeInTheDocument());
    expect(sent).toEqual([{ toutes: true, lu: true }]);
    expect(asked).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^\d+ non lues?$/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Marquer comme non lue/ })).toHaveLength(2);
  });

  it('marks an unread one read when its place is opened', async () => {
    const { sent } = answer(always(page([seuil])));
    const { user } = await renderList();
    await user.click((await card(seuil.titre)).getByRole('link'));
    expect(await screen.findByText('Une autre page')).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ ids: [seuil.id], lu: true }]));
  });

  it('shows the hidden ones on demand, which can be shown again', async () => {
    const cachee = { ...prevision, masque: true };
    const { sent, asked } = answer((params) =>
      HttpResponse.json(params.get('masquees') === '1' ? page([seuil, cachee]) : page([seuil])),
    );
    const { user } = await renderList();
    const toggle = screen.getByRole('button', { name: 'Afficher les masquées' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    const c = await card(cachee.titre);
    expect(c.getByText('Masquée')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cacher les masquées' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(asked.at(-1)?.get('masquees')).toBe('1');
    await user.click(c.getByRole('button', { name: /^Réafficher/ }));
    await waitFor(() => expect(sent).toEqual([{ ids: [cachee.id], masque: false }]));
  });

  it('shows the server’s reason when a change is refused', async () => {
    const message = 'Au plus 200 notifications à la fois.';
    answer(always(page([seuil])));
    server.use(
      http.post('/api/user/notifications/etat', () => errorReply(400, { code: 'validation', message })),
    );
    const { user } = await renderList();
    await user.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('NotificationsList in English', () => {
  it('speaks English to an English reader', async () => {
    answer(always(page([seuil])));
    await renderList('en');
    expect(screen.getByRole('heading', { name: 'My notifications' })).toBeInTheDocument();
    const s = await card(seuil.titre);
    expect(s.getByText('Above the threshold')).toBeInTheDocument();
    expect(s.getByText('E-mail: sent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
  });
});
