import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HealthResponse, IngestJobStatus } from '@limni/shared/contracts/health';
import { setLangue } from '../../lib/i18n';
import { etatSourcesView } from './etat-sources';

const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const MIN = 60_000;
// 12 March 2026, 14:30 in Paris (UTC+1).
const NOW = Date.parse('2026-03-12T13:30:00Z');

// The language switch writes the page's title and `lang`: a bare document is enough here.
beforeAll(async () => {
  vi.stubGlobal('document', { title: '', documentElement: { lang: 'fr' } });
  await setLangue('en');
});

const job = (over: Partial<IngestJobStatus>): IngestJobStatus => ({
  job: 'hubeau-observations',
  lastSuccess: null,
  lastError: null,
  lastErrorCode: null,
  lastErrorAt: null,
  consecutiveFailures: 0,
  enEchec: false,
  counts: {},
  ...over,
});

function health(ingestion: Partial<HealthResponse['ingestion']>, over: Partial<HealthResponse> = {}) {
  const h: HealthResponse = {
    status: 'ok',
    version: '1',
    database: { ok: true, dialect: 'sqlite' },
    donnees: {
      debut: Date.parse('1975-01-01T11:00:00Z'),
      fin: Date.parse('2022-01-31T23:45:00Z'),
      jeu: null,
    },
    ingestion: { mode: 'live', jobs: [], ...ingestion },
    problemes: [],
    ...over,
  };
  return etatSourcesView(h, NOW);
}

describe('the « État des sources » page in English', () => {
  it('the server’s French errors, warnings and problems built again from their codes', () => {
    const failing = job({
      lastError: "Hub'Eau : le service a répondu HTTP 503 (2 requêtes sur 42 en échec)",
      lastErrorCode: 'http_503',
      lastErrorAt: NOW - 4 * MIN,
      consecutiveFailures: 1,
      counts: { requetes: 42, requetes_en_echec: 2 },
      avertissements: [
        { code: 'champ_absent_code_statut', message: 'Hub’Eau : le champ « code_statut » manque…' },
        { code: 'nouveau_code', message: 'Un avertissement inconnu' },
      ],
    });
    const timeout = job({
      job: 'vigicrues-previsions',
      lastError: 'Vigicrues : le service ne répond pas dans le délai',
      lastErrorCode: 'timeout',
      consecutiveFailures: 4,
      enEchec: true,
    });
    const view = health(
      { jobs: [failing, timeout] },
      {
        status: 'degraded',
        sources: [
          {
            nom: "Hub'Eau",
            etat: 'en_echec',
            derniereReussite: null,
            derniereErreur: failing.lastError,
            derniereErreurLe: failing.lastErrorAt,
            avertissements: [],
          },
          {
            nom: 'Open-Meteo',
            etat: 'en_echec',
            derniereReussite: null,
            derniereErreur: 'Open-Meteo : la dernière demande de météo a échoué',
            derniereErreurLe: NOW - MIN,
            avertissements: [],
          },
        ],
        problemes: [
          { code: 'ingestion_vigicrues-previsions', message: 'Ingestion « vigicrues-previsions » en échec…' },
          { code: 'ingestion_hubeau-observations_trop_longue', message: '…' },
          { code: 'base_de_donnees', message: 'La base de données ne répond pas.' },
        ],
      },
    );
    expect(view.statut.texte).toBe('Service degraded');
    expect(view.statut.problemes.map((p) => p.text)).toEqual([
      'Ingestion “Flood forecasts (Vigicrues)” failing',
      "Ingestion “Real-time readings (Hub'Eau)” running beyond its planned duration",
      'The database does not answer.',
    ]);
    const [hub, meteo] = view.sources;
    expect(hub?.etatTexte).toBe('Failing');
    expect(hub?.lignes.find((l) => l.label === 'Last error')).toMatchObject({
      texte: "Hub'Eau: the service answered HTTP 503 (2 of 42 requests failed)",
    });
    expect(meteo?.lignes.find((l) => l.label === 'Last error')?.texte).toBe(
      'Open-Meteo: the last weather request failed',
    );
    const [sweep, forecasts] = view.jobs;
    expect(sweep?.avertissements).toEqual([
      {
        text: "Hub'Eau: the field “code_statut” is missing from every reading of a page (renamed or removed?): the stored value is kept",
      },
      { text: 'Un avertissement inconnu', lang: 'fr' },
    ]);
    expect(sweep?.erreur?.echecs).toBe('1 failure in a row');
    expect(sp(sweep?.erreur?.time?.texte ?? '')).toBe('on Mar 12, 2026, 2:26 PM (4 min. ago)');
    expect(forecasts?.erreur?.text).toBe('Vigicrues: the service does not answer in time');
    expect(forecasts?.erreur?.echecs).toBe('4 failures in a row');
  });

  it('the modes', () => {
    const demo = health({
      mode: 'demo',
      raison: "sources injoignables depuis ce serveur : Hub'Eau ne répond pas",
      prochainEssai: NOW + 3 * MIN,
    });
    expect(demo.mode.titre).toBe('Demonstration: the sources do not answer');
    expect(demo.mode.phrases.map((p) => sp(p.text)).slice(0, 2)).toEqual([
      "Sources unreachable from this server: Hub'Eau does not answer.",
      'Next try of the sources: Mar 12, 2026, 2:33 PM (in 3 min.).',
    ]);
    // Live since 10 March 2026, 08:00 in Paris.
    const live = health({ mode: 'live', depuis: Date.parse('2026-03-10T07:00:00Z') });
    expect(live.mode.titre).toBe('Live');
    expect(sp(live.mode.phrases[0]?.text ?? '')).toBe(
      'Readings have been arriving from the sources continuously since Mar 10, 2026, 8:00 AM (2 days ago).',
    );
    const off = health({ mode: 'off' });
    expect(off.mode.titre).toBe('Demonstration chosen by the operator (offline mode)');
    expect(off.mode.phrases.map((p) => p.text)).toEqual([
      'This server does not read the sources: it shows its demonstration dataset, real readings of another period.',
      'Readings stored from January 1, 1975 to February 1, 2022.',
    ]);
    expect(off.sourcesVides).toBe('This server follows no source: it does not query them in offline mode.');
  });
});
