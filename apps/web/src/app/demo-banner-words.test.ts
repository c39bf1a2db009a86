import { describe, expect, it } from 'vitest';
import { clockDataOf } from '../api/page-health';
import { demoBannerProps, demoBannerWords } from './demo-banner-words';

/** Intl and the French dictionary put (narrow) no-break spaces where French typography wants them. */
const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

// The demo dataset's latest reading: 1 February 2022 at 00:45 in Paris (UTC+1) → its clock, 01 h 00.
const FIN = Date.parse('2022-01-31T23:45:00Z');
const DEBUT = Date.parse('1975-01-01T11:00:00Z');
// The real clock: 12 March 2026, 14:30 in Paris (UTC+1 until the end of March).
const REAL_NOW = Date.parse('2026-03-12T13:30:00Z');
// The next probe at 14:32 in Paris.
const NEXT = Date.parse('2026-03-12T13:32:00Z');
// A recorded episode whose latest reading is 16 December 2024 at 23:10 in Paris → its clock, 17 December 00 h 00.
const EPISODE = {
  code: 'loire-2024-12',
  libelle: 'Crue de la Loire, décembre 2024',
  source: 'x',
  debut: Date.parse('2024-12-01T00:00:00Z'),
  fin: Date.parse('2024-12-16T22:10:00Z'),
};

function health(ingestion: Record<string, unknown>) {
  return {
    status: 'ok',
    version: '1',
    database: { ok: true, dialect: 'sqlite' },
    donnees: { debut: DEBUT, fin: FIN, jeu: 'demo' },
    episodes: [EPISODE],
    ingestion: { jobs: [], ...ingestion },
    sources: [],
    problemes: [],
  };
}

/** The banner's title and sentences for a health answer, as the shell would paint them. */
function words(h: unknown, episode: string | null = null) {
  const data = clockDataOf(h);
  if (!data) throw new Error('malformed answer');
  const props = demoBannerProps(data, REAL_NOW, episode);
  if (!props) return null;
  const w = demoBannerWords(props);
  return { titre: sp(w.titre), phrases: w.phrases.map((p) => sp(p.text)) };
}

describe('the demo banner’s words from a health answer', () => {
  it('demo: says why, when the sources are tried again, the demo clock and the period', () => {
    const w = words(
      health({
        mode: 'demo',
        raison: "sources injoignables depuis ce serveur : Hub'Eau ne répond pas",
        depuis: REAL_NOW - 60_000,
        prochainEssai: NEXT,
      }),
    );
    expect(w).toEqual({
      titre: 'Démonstration — nous sommes le 1er février 2022, 01 h 00.',
      phrases: [
        "Sources injoignables depuis ce serveur : Hub'Eau ne répond pas.",
        'Nouvel essai à 14 h 32.',
        'Des mesures réelles du 1er janvier 1975 au 1er février 2022, qui ne décrivent pas la situation actuelle ; les âges (« il y a … ») sont comptés depuis cette heure de démonstration.',
      ],
    });
  });

  it('demo without a known next probe, and a reason the page does not know: the server’s words', () => {
    const w = words(health({ mode: 'demo', raison: 'base en cours de migration', prochainEssai: null }));
    expect(w?.phrases.slice(0, 2)).toEqual([
      'Base en cours de migration.',
      expect.stringMatching(/^Des mesures réelles du 1er janvier 1975/),
    ]);
  });

  it('off: the operator’s offline mode, the clock unchanged', () => {
    const w = words(health({ mode: 'off', raison: null }));
    expect(w?.titre).toBe('Démonstration — nous sommes le 1er février 2022, 01 h 00.');
    expect(w?.phrases[0]).toBe('Sources non interrogées (mode hors ligne).');
    expect(w?.phrases).toHaveLength(2);
  });

  it('live: no banner', () => {
    expect(words(health({ mode: 'live', depuis: REAL_NOW - 3_600_000 }))).toBeNull();
  });

  it('live on a place of a recorded episode: the episode’s own clock, live or not (as the API counts it)', () => {
    const live = words(health({ mode: 'live' }), EPISODE.code);
    expect(live).toEqual({
      titre: 'Épisode enregistré — nous sommes le 17 décembre 2024, 00 h 00.',
      phrases: [
        'Ce lieu appartient à l’épisode enregistré « Crue de la Loire, décembre 2024 » : ses mesures sont celles de cette période, pas d’aujourd’hui.',
        'Des mesures réelles du 1er décembre 2024 au 16 décembre 2024 ; les âges (« il y a … ») sont comptés depuis l’horloge de l’épisode.',
      ],
    });
    const off = words(health({ mode: 'off' }), EPISODE.code);
    expect(off?.titre).toBe('Démonstration — nous sommes le 17 décembre 2024, 00 h 00.');
    expect(off?.phrases[1]).toMatch(/^Horloge de l’épisode « Crue de la Loire, décembre 2024 »/);
  });
});
