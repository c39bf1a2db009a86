/**
 * « Restrictions sécheresse » and the sentence under a verdict, on the recorded answers of the demo (the Eure at
 * Lèves inside the recorded VigiEau zone, Toulouse outside) — docs/decisions/155.
 */
import { ActivitesResponse } from '@limni/shared/contracts/activites';
import { LieuSecheresse } from '@limni/shared/contracts/secheresse';
import { activitesConcernees, LIBELLES_SECHERESSE } from '@limni/shared/domain/secheresse';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import activitesJson from '../../../../test/fixtures/activites-all.json';
import levesJson from '../../../../test/fixtures/lieu-leves-secheresse.json';
import toulouseJson from '../../../../test/fixtures/lieu-toulouse-secheresse.json';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { SecheresseCard } from './SecheresseCard';
import { SecheresseVerdict } from './SecheresseVerdict';

const leves = fixture(levesJson, LieuSecheresse);
const toulouse = fixture(toulouseJson, LieuSecheresse);
const activites = fixture(activitesJson, ActivitesResponse);
const zone = leves.body.zone;
if (!zone) throw new Error('la réponse enregistrée de Lèves n’a pas de zone');

const serve = (path: string, body: LieuSecheresse) =>
  server.use(
    http.get(path, () => HttpResponse.json(body)),
    http.get(activites.path, () => HttpResponse.json(activites.body)),
  );
const longFr = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(/^1 /, '1er ');
const mois = (ms: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(ms);
const activite = (slug: string) => {
  const a = activites.body.find((x) => x.slug === slug);
  if (!a) throw new Error(slug);
  return a;
};

describe('the drought restrictions card', () => {
  it('shows the recorded order: level, zone, validity, PDF, usages and that it is a dated recording', async () => {
    serve(leves.path, leves.body);
    const { user } = await renderScreen(<SecheresseCard lieuId={leves.body.lieu_id} titleId="s" />);
    const card = screen.getByRole('region', { name: 'Restrictions sécheresse' });
    expect(await within(card).findByText(`Niveau ${LIBELLES_SECHERESSE[zone.niveau].fr}`)).toBeVisible();
    expect(within(card).getByText(new RegExp(`Zone d’alerte «\\s${zone.nom}\\s»`))).toBeVisible();
    const { debut, fin, pdf } = zone.arrete;
    expect(
      within(card).getByText(`Arrêté en vigueur du ${longFr(debut ?? '')} au ${longFr(fin ?? '')}.`),
    ).toBeVisible();
    expect(within(card).getByRole('link', { name: 'L’arrêté (PDF)' })).toHaveAttribute('href', pdf);
    await user.click(within(card).getByText(`${zone.usages.length} usages restreints`));
    expect(within(card).getAllByRole('listitem')).toHaveLength(zone.usages.length);
    expect(card).toHaveTextContent(`réponse enregistrée en ${mois(leves.body.lu_le ?? 0, 'fr-FR')}`);
    expect(card).toHaveTextContent('ce n’est pas la situation d’aujourd’hui');
  });

  it('in English, keeps the order’s French words and says so', async () => {
    serve(leves.path, leves.body);
    const { user } = await renderScreen(<SecheresseCard lieuId={leves.body.lieu_id} titleId="s" />, {
      langue: 'en',
    });
    const card = screen.getByRole('region', { name: 'Drought restrictions' });
    expect(await within(card).findByText(`Level ${LIBELLES_SECHERESSE[zone.niveau].en}`)).toBeVisible();
    await user.click(within(card).getByText(`${zone.usages.length} restricted uses`));
    expect(within(card).getByText('The uses are worded as in the order, in French.')).toBeVisible();
    expect(
      within(card)
        .getByText(zone.usages[0]?.nom ?? '', { exact: false })
        .closest('[lang]'),
    ).toHaveAttribute('lang', 'fr');
    expect(card).toHaveTextContent(`an answer recorded in ${mois(leves.body.lu_le ?? 0, 'en-US')}`);
  });

  it('outside any zone: no known restriction, with the date of the data', async () => {
    serve(toulouse.path, toulouse.body);
    await renderScreen(<SecheresseCard lieuId={toulouse.body.lieu_id} titleId="s" />);
    const card = screen.getByRole('region', { name: 'Restrictions sécheresse' });
    expect(await within(card).findByText('Aucune restriction connue ici.')).toBeVisible();
    expect(card).toHaveTextContent(`réponse enregistrée en ${mois(toulouse.body.lu_le ?? 0, 'fr-FR')}`);
  });

  it('a live answer whose order has ended says so, with the day it was read', async () => {
    const luLe = Date.parse(`${zone.arrete.fin ?? ''}T12:00:00Z`) + 3 * 86_400_000;
    serve(leves.path, { ...leves.body, enregistrement: false, origine: null, lu_le: luLe });
    await renderScreen(<SecheresseCard lieuId={leves.body.lieu_id} titleId="s" />);
    const card = screen.getByRole('region', { name: 'Restrictions sécheresse' });
    expect(
      await within(card).findByText(
        new RegExp(
          `^Cet arrêté a pris fin le ${longFr(zone.arrete.fin ?? '')}\\s?; VigiEau n’en a pas signalé`,
        ),
      ),
    ).toBeVisible();
    expect(card).toHaveTextContent(/Source\s?: VigiEau \(ministère de la Transition écologique\), lu le/);
  });
});

describe('the sentence under a verdict', () => {
  it('says the recorded order concerns none of its usages for swimming', async () => {
    serve(leves.path, leves.body);
    await renderScreen(
      <SecheresseVerdict
        lieuId={leves.body.lieu_id}
        activite={activite('baignade')}
        donneesHref="/lieu/1/a-1/donnees"
      />,
    );
    const niveau = LIBELLES_SECHERESSE[zone.niveau].fr.toLowerCase();
    expect(await screen.findByTestId('secheresse-verdict')).toHaveTextContent(
      new RegExp(
        `^Arrêté sécheresse \\(${niveau}\\), enregistré en ${mois(leves.body.lu_le ?? 0, 'fr-FR')} dans cette zone\\s?: aucun de ses usages ne vise l’activité «\\s${activite('baignade').nom}\\s»`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Voir les restrictions' })).toHaveAttribute(
      'href',
      '/lieu/1/a-1/donnees#secheresse',
    );
  });

  it('names the usages that restrict the activity (a real wording of the national export)', async () => {
    const usage = { nom: 'Pratique de la pêche', thematique: "Travaux et activités en cours d'eau" };
    const body = {
      ...leves.body,
      zone: {
        ...zone,
        usages: [
          ...zone.usages,
          {
            ...usage,
            restriction: 'Interdiction',
            details: null,
            heure_debut: null,
            heure_fin: null,
            activites: activitesConcernees(usage),
          },
        ],
      },
    };
    serve(leves.path, body);
    await renderScreen(
      <SecheresseVerdict
        lieuId={leves.body.lieu_id}
        activite={activite('peche')}
        donneesHref="/lieu/1/a-2/donnees"
      />,
    );
    expect(await screen.findByTestId('secheresse-verdict')).toHaveTextContent(
      new RegExp(
        `il restreint l’activité «\\s${activite('peche').nom}\\s» ici — « Pratique de la pêche » \\(Interdiction\\)\\.`,
      ),
    );
  });

  it('says nothing where no order is known', async () => {
    serve(toulouse.path, toulouse.body);
    const { client } = await renderScreen(
      <SecheresseVerdict lieuId={toulouse.body.lieu_id} activite={activite('baignade')} donneesHref="/x" />,
    );
    await expect
      .poll(() => client.getQueryData(['hydro', 'lieu', toulouse.body.lieu_id, 'secheresse']))
      .toBeTruthy();
    expect(screen.queryByTestId('secheresse-verdict')).toBeNull();
  });
});
