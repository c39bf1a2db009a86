import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setLangue } from '../lib/i18n';
import { demoBannerWords, type DemoBannerProps } from './demo-banner-words';

const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

// The language switch writes the page's title and `lang`: a bare document is enough here.
beforeAll(async () => {
  vi.stubGlobal('document', { title: '', documentElement: { lang: 'fr' } });
  await setLangue('en');
});

const base: DemoBannerProps = {
  // The demo clock: 1 February 2022, 01:00 in Paris.
  now: Date.parse('2022-02-01T00:00:00Z'),
  episode: null,
  debut: Date.parse('1975-01-01T11:00:00Z'),
  fin: Date.parse('2022-01-31T23:45:00Z'),
  mode: 'demo',
  raison: "sources injoignables depuis ce serveur : Hub'Eau ne répond pas",
  // 14:32 in Paris.
  prochainEssai: Date.parse('2026-03-12T13:32:00Z'),
};

describe('the demo banner in English', () => {
  it('reads the server’s known reason back into English, with the next try on the 12-hour clock', () => {
    const w = demoBannerWords(base);
    expect(sp(w.titre)).toBe('Demonstration — it is February 1, 2022 at 1:00 AM.');
    expect(w.phrases.map((p) => sp(p.text))).toEqual([
      "Sources unreachable from this server: Hub'Eau does not answer.",
      'Next try at 2:32 PM.',
      'Real readings from January 1, 1975 to February 1, 2022, which do not describe the current situation; ages (“… ago”) are counted from this demonstration time.',
    ]);
    expect(w.phrases.every((p) => p.lang === undefined)).toBe(true);
  });

  it('shows a reason it does not know as the server wrote it, marked French', () => {
    const w = demoBannerWords({ ...base, raison: 'base en cours de migration', prochainEssai: null });
    expect(w.phrases[0]).toEqual({ text: 'Base en cours de migration.', lang: 'fr' });
    expect(w.phrases).toHaveLength(2);
  });

  it('says the offline mode', () => {
    const w = demoBannerWords({ ...base, mode: 'off', raison: null, prochainEssai: null });
    expect(w.phrases[0]?.text).toBe('Sources not queried (offline mode).');
  });
});
