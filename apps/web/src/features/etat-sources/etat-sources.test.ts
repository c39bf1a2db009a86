import { describe, expect, it } from 'vitest';
import type { HealthResponse, HealthSource, IngestJobStatus } from '@limni/shared/contracts/health';
import { etatSourcesView } from './etat-sources';

const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const MIN = 60_000;

// The real clock: 12 March 2026, 14:30 in Paris (UTC+1).
const NOW = Date.parse('2026-03-12T13:30:00Z');

const job = (over: Partial<IngestJobStatus>): IngestJobStatus => ({
  job: 'hubeau-observations',
  lastSuccess: NOW - 3 * MIN,
  lastError: null,
  lastErrorCode: null,
  lastErrorAt: null,
  consecutiveFailures: 0,
  enEchec: false,
  counts: {},
  enCoursDepuis: null,
  tropLong: false,
  avertissements: [],
  ...over,
});

const source = (over: Partial<HealthSource>): HealthSource => ({
  nom: 'Vigicrues',
  etat: 'ok',
  derniereReussite: NOW - 10 * MIN,
  derniereErreur: null,
  derniereErreurLe: null,
  avertissements: [],
  ...over,
});

function health(
  over: Partial<HealthResponse>,
  ingestion: Partial<HealthResponse['ingestion']>,
): HealthResponse {
  return {
    status: 'ok',
    version: '1',
    database: { ok: true, dialect: 'sqlite' },
    // 1 January 1975 and 12 March 2026 in Paris.
    donnees: { debut: Date.parse('1975-01-01T11:00:00Z'), fin: NOW - 5 * MIN, jeu: null },
    ingestion: { mode: 'live', raison: null, depuis: null, prochainEssai: null, jobs: [], ...ingestion },
    problemes: [],
    ...over,
  };
}

describe('the « État des sources » page of a live service (French)', () => {
  const failing = job({
    job: 'vigicrues-vigilance',
    lastSuccess: NOW - 2 * 60 * MIN,
    lastError: 'Vigicrues : le service a répondu HTTP 503',
    lastErrorCode: 'http_503',
    lastErrorAt: NOW - 4 * MIN,
    consecutiveFailures: 3,
    enEchec: true,
    counts: { requetes: 2, requetes_en_echec: 2 },
  });
  const sweep = job({
    enCoursDepuis: NOW - 12 * MIN,
    tropLong: true,
    counts: { pages: 4, lignes_recues: 1200 },
    avertissements: [{ code: 'reponses_vides', message: 'Hub’Eau a répondu sans aucune mesure' }],
  });
  const h = health(
    {
      status: 'degraded',
      problemes: [
        { code: 'ingestion_vigicrues-vigilance', message: 'Ingestion « vigicrues-vigilance » en échec' },
      ],
      sources: [
        source({
          nom: "Hub'Eau",
          derniereReussite: NOW - 3 * MIN,
          observationsDerniereHeure: 48_210,
          capteursAJour: 3100,
          stationsEnRetard: 12,
          stationLaPlusAncienne: {
            code: 'O200004001',
            lieuId: 42,
            nom: 'La Garonne à Toulouse [Pont-Neuf]',
            // 5 hours before now: 12 March 2026, 09:30 in Paris.
            ts: NOW - 5 * 60 * MIN,
          },
        }),
        source({
          etat: 'en_echec',
          derniereErreur: 'Vigicrues : le service a répondu HTTP 503',
          derniereErreurLe: NOW - 4 * MIN,
        }),
        source({ nom: 'Open-Meteo', derniereReussite: null }),
      ],
    },
    // Live since 10 March 2026, 08:00 in Paris.
    { mode: 'live', depuis: Date.parse('2026-03-10T07:00:00Z'), jobs: [sweep, failing] },
  );
  const view = etatSourcesView(h, NOW);

  it('says the mode, since when, the period of the readings and why the service is degraded', () => {
    expect(view.mode.titre).toBe('En direct');
    expect(view.mode.phrases.map((p) => sp(p.text))).toEqual([
      'Les mesures arrivent des sources en continu depuis le 10/03/2026 à 08h00 (il y a 2 jours).',
      'Mesures enregistrées du 1er janvier 1975 au 12 mars 2026.',
    ]);
    expect(view.statut).toEqual({
      degrade: true,
      texte: 'Service dégradé',
      problemes: [{ text: 'Ingestion « vigicrues-vigilance » en échec' }],
    });
    expect(view.sourcesVides).toBeNull();
  });

  it('gives each source its state in words, its last success and last error with their ages', () => {
    const [hub, vigi, meteo] = view.sources;
    expect([hub?.etatTexte, vigi?.etatTexte, meteo?.etatTexte]).toEqual([
      'En service',
      'En échec',
      'En service',
    ]);
    const row = (s: typeof hub, label: string) => s?.lignes.find((l) => l.label === label);
    expect(sp(row(hub, 'Dernière réussite')?.time?.texte ?? '')).toBe('le 12/03/2026 à 14h27 (il y a 3 min)');
    expect(row(hub, 'Dernière réussite')?.time?.iso).toBe('2026-03-12T13:27:00.000Z');
    expect(row(hub, 'Dernière erreur')?.texte).toBe('aucune');
    expect(sp(row(vigi, 'Dernière erreur')?.texte ?? '')).toBe('Vigicrues : le service a répondu HTTP 503');
    expect(sp(row(vigi, 'Dernière erreur')?.time?.texte ?? '')).toBe('le 12/03/2026 à 14h26 (il y a 4 min)');
    expect(row(meteo, 'Dernière réussite')?.texte).toBe('aucune');
  });

  it('for Hub’Eau: the readings of the last hour, the sensors up to date, the stations behind and the furthest', () => {
    const hub = view.sources[0];
    const rows = Object.fromEntries((hub?.lignes ?? []).map((l) => [sp(l.label), l]));
    expect(sp(rows['Mesures de la dernière heure']?.texte ?? '')).toBe('48 210');
    expect(sp(rows['Capteurs à jour']?.texte ?? '')).toBe('3 100');
    expect(rows['Stations sans mesure depuis 3 h']?.texte).toBe('12');
    const oldest = rows['La plus en retard'];
    expect(oldest?.texte).toBe('La Garonne à Toulouse (Pont-Neuf) (O200004001)');
    expect(oldest?.href).toBe('/lieu/42/a-1');
    expect(sp(oldest?.time?.texte ?? '')).toBe('dernière mesure le 12/03/2026 à 09h30 (il y a 5 h)');
  });

  it('lists the jobs: name, last success, the run in progress and « trop long », the error, the counts', () => {
    const [s, v] = view.jobs;
    expect(s?.nom).toBe("Mesures en temps réel (Hub'Eau)");
    expect(sp(s?.enCoursDepuis?.texte ?? '')).toBe('le 12/03/2026 à 14h18 (il y a 12 min)');
    expect(s?.tropLong).toBe(true);
    expect(s?.erreur).toBeNull();
    expect(s?.compteursTitre).toBe('Compteurs du dernier passage (2)');
    expect(s?.compteurs).toEqual([
      { code: 'lignes_recues', valeur: expect.stringMatching(/^1\s200$/) },
      { code: 'pages', valeur: '4' },
    ]);
    expect(s?.avertissements).toEqual([{ text: 'Hub’Eau a répondu sans aucune mesure' }]);
    expect(v?.nom).toBe('Vigilance crues (Vigicrues)');
    expect(v?.erreur?.echecs).toBe('3 échecs de suite');
    expect(v?.erreur?.enEchec).toBe(true);
    expect(sp(v?.derniereReussite?.texte ?? '')).toBe('le 12/03/2026 à 12h30 (il y a 2 h)');
  });
});

describe('the page of a demonstration', () => {
  it('demo: why, since when, the next probe', () => {
    const view = etatSourcesView(
      health(
        { donnees: { debut: null, fin: null, jeu: null } },
        {
          mode: 'demo',
          raison: "sources injoignables depuis ce serveur : Hub'Eau ne répond pas",
          depuis: NOW - 2 * MIN,
          prochainEssai: NOW + 3 * MIN,
        },
      ),
      NOW,
    );
    expect(view.mode.titre).toBe('Démonstration : les sources ne répondent pas'.replace(' :', '\u00a0:'));
    expect(view.mode.phrases.map((p) => sp(p.text))).toEqual([
      "Sources injoignables depuis ce serveur : Hub'Eau ne répond pas.",
      'Démonstration depuis le 12/03/2026 à 14h28 (il y a 2 min).',
      'Prochain essai des sources le 12/03/2026 à 14h33 (dans 3 min).',
      'En attendant, Limni montre son jeu de démonstration : des mesures réelles d’une autre période.',
      'Aucune mesure enregistrée.',
    ]);
  });

  it('off: the operator’s offline mode, no source followed, no job', () => {
    const view = etatSourcesView(health({ sources: [] }, { mode: 'off' }), NOW);
    expect(view.mode.titre).toBe('Démonstration choisie par l’exploitant (mode hors ligne)');
    expect(sp(view.sourcesVides ?? '')).toBe(
      'Ce serveur ne suit aucune source : il ne les interroge pas en mode hors ligne.',
    );
    expect(view.sources).toEqual([]);
    expect(view.jobs).toEqual([]);
    expect(view.statut.degrade).toBe(false);
  });

  it('sources inactive while not live', () => {
    const view = etatSourcesView(
      health({ sources: [source({ etat: 'inactive', derniereReussite: null })] }, { mode: 'demo' }),
      NOW,
    );
    expect(view.sources[0]?.etatTexte).toBe('Inactive');
    expect(sp(view.sources[0]?.etatAide ?? '')).toBe('Non interrogée : le service n’est pas en direct.');
  });
});
