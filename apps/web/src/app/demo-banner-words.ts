/**
 * The sentences of the demo banner (docs/decisions/094, 088, 134), pure so that the shell, the server's prerender and
 * the tests say the same: the clock shown, why there is a demonstration — the sources did not answer this server
 * (with the next probe) or the operator chose the offline mode —, the recorded episode if any, and the period the
 * readings come from.
 */
import { dataClock } from '@limni/shared/domain/clock';
import type { PageClockData, ServiceMode } from '../api/page-health';
import { formatClock, formatLongDate, formatTimeOfDay } from '../lib/format';
import { nomEpisode } from '../lib/episode-nom';
import { t } from '../lib/i18n';
import { serviceReason, type Phrase } from '../lib/service-reason';

export interface DemoBannerProps {
  /** The clock ages are counted from (the demo's, or the recorded episode's). */
  now: number;
  /** The recorded episode's name, on one of its places. */
  episode: string | null;
  debut: number;
  fin: number;
  mode: ServiceMode;
  /** The server's French sentence, `demo` only. */
  raison: string | null;
  prochainEssai: number | null;
}

/**
 * The banner's facts at `realNow`, on the place of episode `code` if any; null when there is no banner (live, outside
 * a recorded episode). A recorded episode keeps its own clock even live, as the API counts it (ADR 088, 134). Pure.
 */
export function demoBannerProps(
  data: PageClockData,
  realNow: number,
  code: string | null,
): DemoBannerProps | null {
  const episode = (code !== null && data.episodes.find((e) => e.code === code)) || null;
  const { debut, fin } = episode ?? data.donnees;
  const clock = dataClock(realNow, fin, episode ? false : data.live);
  if (!clock.demo || debut === null || fin === null) return null;
  return {
    now: clock.now,
    episode: episode ? nomEpisode(episode) : null,
    debut,
    fin,
    mode: data.mode,
    raison: data.mode === 'demo' ? data.raison : null,
    prochainEssai: data.mode === 'demo' ? data.prochainEssai : null,
  };
}

/** One sentence; `lang` when it is the server's French shown as is on an English page. */
export type BannerPhrase = Phrase;

export interface DemoBannerWords {
  titre: string;
  phrases: BannerPhrase[];
}

/** What the banner says. Pure (reads the page's language). */
export function demoBannerWords(p: DemoBannerProps): DemoBannerWords {
  const maintenant = formatClock(p.now);
  // Live, only a place of a recorded episode has a banner: its readings are of another period (ADR 088, 134).
  const liveEpisode = p.mode === 'live' && p.episode !== null;
  const phrases: BannerPhrase[] = [];
  if (p.mode === 'demo') {
    phrases.push(serviceReason(p.raison));
    if (p.prochainEssai !== null) {
      phrases.push({ text: t('banner.essai', { heure: formatTimeOfDay(p.prochainEssai) }) });
    }
  } else if (p.mode === 'off') {
    phrases.push({ text: t('banner.modeHorsLigne') });
  }
  if (p.episode !== null) {
    phrases.push({
      text: t(liveEpisode ? 'banner.episodeDirect' : 'banner.episode', { episode: p.episode }),
    });
  }
  const periode = { debut: formatLongDate(p.debut), fin: formatLongDate(p.fin) };
  phrases.push({ text: t(liveEpisode ? 'banner.periodeEpisode' : 'banner.demo', periode) });
  return {
    titre: t(liveEpisode ? 'banner.episodeHorloge' : 'banner.demoHorloge', { maintenant }),
    phrases,
  };
}
