import type {
  LieuAlertes,
  ReglesCreateBody,
  RegleInput,
  RegleSuggestion,
} from '@limni/shared/contracts/alertes';
import { LieuDetail, LieuEtat } from '@limni/shared/contracts/hydro';
import type { Profile } from '@limni/shared/contracts/profile';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import etatJson from '../../../../test/fixtures/alertes-portet-etat.json';
import portetJson from '../../../../test/fixtures/alertes-portet.json';
import { csrf, errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { Notifications } from '../../../components/ui/Notifications';
import { useAccount } from '../../../stores/account';
import { useNotifications } from '../../../stores/notifications';
import { NouvelleRegleForm } from './NouvelleRegleForm';

const portet = fixture(portetJson, LieuDetail);
const etat = fixture(etatJson, LieuEtat);
const nom = portet.body.libelle;
const marie = { id: 7, username: 'marie' };

/** What the « M'alerter » dialog receives for Portet (H and Q measured, on a Vigicrues tronçon), signed in. */
function lieuAlertes(over: Partial<LieuAlertes> = {}): LieuAlertes {
  return {
    lieu: { id: portet.body.id, nom },
    abonne: true,
    abonnement_actif: true,
    regles: [],
    grandeurs: etat.body.capteurs.flatMap((c) =>
      c.grandeur === 'T'
        ? []
        : [{ grandeur: c.grandeur, unite: c.unite, derniere_valeur: c.valeur, dernier_ts: c.ts }],
    ),
    vigilance_possible: portet.body.troncon !== null,
    prevision_possible: true,
    prevision_raison: null,
    suggestions: [],
    ...over,
  } satisfies LieuAlertes;
}

const profile = {
  lieux: [{ id: portet.body.id, nom, actif: true }],
  listes_sib: [],
  autorisations: [],
  avatar: null,
  date_naissance: null,
  acceptPrevisionAlert: true,
  notifications: { email: true, push: false },
  nb_push: 0,
  langue: 'fr',
} satisfies Profile;

/** Answers the creation with `reply` (the profile is read again after it) and keeps what the form sent. */
function answerCreate(reply: () => Response = () => HttpResponse.json(lieuAlertes())) {
  const bodies: ReglesCreateBody[] = [];
  server.use(
    csrf,
    http.post(`/api/user/alertes/lieu/${portet.body.id}`, async ({ request }) => {
      bodies.push((await request.json()) as ReglesCreateBody);
      return reply();
    }),
    http.get('/api/user/profile', () => HttpResponse.json(profile)),
  );
  return bodies;
}

async function renderForm(
  data: LieuAlertes = lieuAlertes(),
  opts: { activiteId?: number; langue?: 'en' } = {},
) {
  useAccount.setState({ token: 'jeton', user: marie });
  const onCreated = vi.fn();
  const screenResult = await renderScreen(
    <>
      <NouvelleRegleForm data={data} onCreated={onCreated} activiteId={opts.activiteId} />
      <Notifications />
    </>,
    { langue: opts.langue },
  );
  return { ...screenResult, onCreated };
}

/** A value the way a French reader reads it (`digits` decimals). */
const nombre = (v: number, digits: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
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

const creer = () => screen.getByRole('button', { name: 'Créer l’alerte' });

afterEach(() => {
  useAccount.setState(useAccount.getInitialState(), true);
  useNotifications.setState({ items: [] });
});

describe('NouvelleRegleForm: what it offers', () => {
  it('lists the six kinds of alert, the first chosen, with the latest value of each quantity', async () => {
    const { user } = await renderForm();
    const kinds = screen.getAllByRole('radio');
    expect(kinds.map((k) => k.closest('label')?.textContent)).toEqual([
      'le niveau dépasse un seuil',
      'le niveau descend sous un seuil',
      'le niveau monte vite',
      'le niveau revient dans une plage',
      'une prévision dépasse un seuil',
      'la vigilance crues change',
    ]);
    expect(screen.getByRole('radio', { name: 'le niveau dépasse un seuil' })).toBeChecked();
    kinds.forEach((k) => expect(k).toBeEnabled());

    const [h, q] = etat.body.capteurs;
    if (!h?.valeur || !h.ts || !q?.valeur || !q.ts) throw new Error('Portet: H and Q readings recorded');
    expect(screen.getByLabelText('Seuil (m)')).toHaveValue('');
    expect(
      screen.getByText(`Dernière mesure : ${nombre(h.valeur, 2)} m, le ${dateHeure(h.ts)}.`),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Mesure'), 'Débit (m³/s)');
    expect(screen.getByLabelText('Seuil (m³/s)')).toBeInTheDocument();
    expect(
      screen.getByText(`Dernière mesure : ${nombre(q.valeur, 0)} m³/s, le ${dateHeure(q.ts)}.`),
    ).toBeInTheDocument();
  });

  it('disables what the place or the account does not allow, and says why', async () => {
    const raison = 'Les alertes de prévision demandent l’accès aux prévisions.';
    await renderForm(
      lieuAlertes({ vigilance_possible: false, prevision_possible: false, prevision_raison: raison }),
    );
    expect(screen.getByRole('radio', { name: 'une prévision dépasse un seuil' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'la vigilance crues change' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'le niveau monte vite' })).toBeEnabled();
    expect(screen.getByText(raison)).toBeInTheDocument();
    expect(screen.getByText(/Pas de vigilance crues ici/)).toBeInTheDocument();
  });

  it('offers no second vigilance alert', async () => {
    const vigilance = {
      id: 40,
      lieu: { id: portet.body.id, nom },
      type: 'vigilance',
      grandeur: null,
      unite: null,
      seuil: null,
      seuil2: null,
      horizon_h: null,
      activite: null,
      origine: 'utilisateur',
      actif: true,
      description: 'Vigilance crues du tronçon',
      created_at: etat.body.instant,
      derniere_notification: null,
    } satisfies LieuAlertes['regles'][number];
    await renderForm(lieuAlertes({ regles: [vigilance] }));
    expect(screen.getByRole('radio', { name: 'la vigilance crues change' })).toBeDisabled();
    expect(screen.getByText('Vous avez déjà l’alerte de vigilance crues sur ce lieu.')).toBeInTheDocument();
  });

  it('says when nothing can be watched on the place', async () => {
    await renderForm(lieuAlertes({ grandeurs: [], vigilance_possible: false }));
    expect(screen.getByText(/aucune nouvelle alerte n’est possible ici/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Créer l’alerte' })).not.toBeInTheDocument();
  });
});

type Step = (user: Awaited<ReturnType<typeof renderForm>>['user']) => Promise<void>;
const choose =
  (kind: string, fields: Record<string, string>, grandeur?: string): Step =>
  async (user) => {
    await user.click(screen.getByRole('radio', { name: kind }));
    if (grandeur) await user.selectOptions(screen.getByLabelText('Mesure'), grandeur);
    for (const [label, text] of Object.entries(fields)) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), text);
    }
  };

describe('NouvelleRegleForm: each kind of alert sent', () => {
  const cases: [string, Step, RegleInput][] = [
    [
      'above a water level',
      choose('le niveau dépasse un seuil', { 'Seuil (m)': '3,50' }),
      { type: 'au_dessus', grandeur: 'H', seuil: 3.5 },
    ],
    [
      'below a flow',
      choose('le niveau descend sous un seuil', { 'Seuil (m³/s)': '40' }, 'Débit (m³/s)'),
      { type: 'en_dessous', grandeur: 'Q', seuil: 40 },
    ],
    [
      'a water level rising fast, typed in cm per hour, sent in m per hour',
      choose('le niveau monte vite', { 'Vitesse de montée (cm par heure)': '5' }),
      { type: 'montee', grandeur: 'H', seuil: 0.05 },
    ],
    [
      'a flow rising fast, in m³/s per hour',
      choose('le niveau monte vite', { 'Vitesse de montée (m³/s par heure)': '20' }, 'Débit (m³/s)'),
      { type: 'montee', grandeur: 'Q', seuil: 20 },
    ],
    [
      'back within a range',
      choose('le niveau revient dans une plage', { 'De (m)': '0,5', 'À (m)': '1.2' }),
      { type: 'retour_plage', grandeur: 'H', seuil: 0.5, seuil2: 1.2 },
    ],
    [
      'a forecast above a level within some hours',
      choose('une prévision dépasse un seuil', { 'Seuil (m)': '2', 'Dans les prochaines (heures)': '12' }),
      { type: 'prevision', grandeur: 'H', seuil: 2, horizon_h: 12 },
    ],
    ['the vigilance', choose('la vigilance crues change', {}), { type: 'vigilance' }],
  ];

  it.each(cases)('creates an alert %s', async (_what, step, regle) => {
    const bodies = answerCreate();
    const { user, onCreated } = await renderForm();
    await step(user);
    await user.click(creer());
    expect(await screen.findByText(`Alerte créée pour ${nom}.`)).toBeInTheDocument();
    expect(bodies).toEqual([{ regles: [regle] }]);
    expect(onCreated).toHaveBeenCalledTimes(1);
  });

  it('asks for no threshold for the vigilance, and keeps a forecast’s 24 hours unless changed', async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('radio', { name: 'une prévision dépasse un seuil' }));
    expect(screen.getByLabelText('Dans les prochaines (heures)')).toHaveValue('24');
    await user.click(screen.getByRole('radio', { name: 'la vigilance crues change' }));
    expect(screen.queryByLabelText(/Seuil/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Mesure')).not.toBeInTheDocument();
  });

  it('keeps the activity of the page with the alert', async () => {
    const bodies = answerCreate();
    const { user } = await renderForm(lieuAlertes(), { activiteId: 3 });
    await user.type(screen.getByLabelText('Seuil (m)'), '1');
    await user.click(creer());
    await screen.findByText(`Alerte créée pour ${nom}.`);
    expect(bodies).toEqual([{ regles: [{ type: 'au_dessus', grandeur: 'H', seuil: 1, activite_id: 3 }] }]);
  });
});

describe('NouvelleRegleForm: numbers checked before sending', () => {
  it('asks for a threshold, then for a number, and forgets the error once the field is typed in', async () => {
    const bodies = answerCreate();
    const { user, onCreated } = await renderForm();
    const seuil = screen.getByLabelText('Seuil (m)');
    await user.click(creer());
    expect(seuil).toBeInvalid();
    expect(seuil).toHaveAccessibleDescription('Indiquez un seuil.');

    await user.type(seuil, 'trois');
    expect(seuil).toBeValid();
    await user.click(creer());
    expect(seuil).toHaveAccessibleDescription('Indiquez un nombre, par exemple 3,00.');
    expect(bodies).toEqual([]);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('wants the top of a range above its bottom', async () => {
    const bodies = answerCreate();
    const { user } = await renderForm();
    await choose('le niveau revient dans une plage', { 'De (m)': '2', 'À (m)': '1' })(user);
    await user.click(creer());
    expect(screen.getByLabelText('À (m)')).toHaveAccessibleDescription(
      'La borne haute doit être supérieure à la borne basse.',
    );
    expect(bodies).toEqual([]);
  });

  it('wants a positive rate of rise and a forecast horizon of 1 to 72 hours', async () => {
    const bodies = answerCreate();
    const { user } = await renderForm();
    await choose('le niveau monte vite', { 'Vitesse de montée (cm par heure)': '0' })(user);
    await user.click(creer());
    expect(screen.getByLabelText('Vitesse de montée (cm par heure)')).toHaveAccessibleDescription(
      'La vitesse de montée doit être positive.',
    );
    await choose('une prévision dépasse un seuil', {
      'Seuil (m)': '2',
      'Dans les prochaines (heures)': '100',
    })(user);
    await user.click(creer());
    expect(screen.getByLabelText('Dans les prochaines (heures)')).toHaveAccessibleDescription(
      "L'horizon doit être compris entre 1 et 72 heures.",
    );
    expect(bodies).toEqual([]);
  });
});

describe('NouvelleRegleForm: the server’s answer', () => {
  it('shows a refusal about the whole form', async () => {
    const message = 'Au plus 12 alertes par lieu : supprimez-en une avant d’en ajouter.';
    const bodies = answerCreate(() => errorReply(409, { code: 'conflict', message }));
    const { user, onCreated } = await renderForm();
    await user.type(screen.getByLabelText('Seuil (m)'), '3');
    await user.click(creer());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(bodies).toHaveLength(1);
    expect(onCreated).not.toHaveBeenCalled();
  });

  // The API names the rule already there on `regles.0.type`, a field the form has no error place for.
  it('shows the refusal of a rule the person already has', async () => {
    const message = 'Vous avez déjà cette alerte sur ce lieu : Hauteur au-dessus de 3,00 m.';
    answerCreate(() =>
      errorReply(409, { code: 'conflict', message, fields: { 'regles.0.type': [message] } }),
    );
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Seuil (m)'), '3');
    await user.click(creer());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('shows a refusal of the threshold beside it', async () => {
    const message = 'Le seuil doit être un nombre d’au plus 100000 en valeur absolue.';
    answerCreate(() =>
      errorReply(400, { code: 'validation', message, fields: { 'regles.0.seuil': [message] } }),
    );
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Seuil (m)'), '200000');
    await user.click(creer());
    await waitFor(() => expect(screen.getByLabelText('Seuil (m)')).toHaveAccessibleDescription(message));
  });
});

describe('NouvelleRegleForm: on a place not followed yet', () => {
  const vigilance = {
    regle: { type: 'vigilance' },
    description: 'Vigilance crues du tronçon',
    raison: `Le lieu est sur le tronçon ${portet.body.troncon?.nom ?? ''}.`,
  } satisfies RegleSuggestion;
  const tropHaut = {
    regle: { type: 'au_dessus', grandeur: 'H', seuil: 4 },
    description: 'Hauteur au-dessus de 4,00 m',
    raison: 'Seuil « trop haut » indicatif du canoë-kayak',
  } satisfies RegleSuggestion;
  const suggestions = [vigilance, tropHaut];

  it('proposes the defaults of a subscription, checked, and sends those kept', async () => {
    const bodies = answerCreate();
    const { user } = await renderForm(lieuAlertes({ abonne: false, suggestions }));
    const proposed = screen.getByRole('group', { name: 'Alertes proposées pour ce lieu' });
    expect(proposed).toHaveTextContent(tropHaut.raison);
    expect(screen.getByRole('checkbox', { name: /Vigilance crues du tronçon/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Créer 3 alertes' })).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: /Hauteur au-dessus de 4,00/ }));
    await user.type(screen.getByLabelText('Seuil (m)'), '3');
    await user.click(screen.getByRole('button', { name: 'Créer 2 alertes' }));
    expect(await screen.findByText(`2 alertes créées pour ${nom}.`)).toBeInTheDocument();
    expect(bodies).toEqual([
      { regles: [{ type: 'au_dessus', grandeur: 'H', seuil: 3 }, { type: 'vigilance' }] },
    ]);
  });

  it('never sends the vigilance twice', async () => {
    const bodies = answerCreate();
    const { user } = await renderForm(lieuAlertes({ abonne: false, suggestions }));
    await user.click(screen.getByRole('radio', { name: 'la vigilance crues change' }));
    await user.click(screen.getByRole('button', { name: 'Créer 2 alertes' }));
    await screen.findByText(`2 alertes créées pour ${nom}.`);
    expect(bodies).toEqual([{ regles: [{ type: 'vigilance' }, tropHaut.regle] }]);
  });

  it('does not propose them again on a place followed', async () => {
    await renderForm(lieuAlertes({ abonne: true, suggestions }));
    expect(screen.queryByRole('group', { name: 'Alertes proposées pour ce lieu' })).not.toBeInTheDocument();
    expect(creer()).toBeEnabled();
  });
});

describe('NouvelleRegleForm in English', () => {
  it('speaks English to an English reader', async () => {
    const { user } = await renderForm(lieuAlertes(), { langue: 'en' });
    expect(screen.getByRole('group', { name: 'Tell me when' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'the level rises fast' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Create the alert' }));
    expect(screen.getByLabelText('Threshold (m)')).toBeInvalid();
  });
});
