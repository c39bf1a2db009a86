/**
 * What the « État des sources » page shows of a `/api/health` answer (docs/decisions/105, 134), pure: the mode and
 * why, each source's state in words, its last success and last error with their ages, Hub'Eau's readings of the last
 * hour and its stations behind, then the ingestion jobs. The server writes its sentences in French; in English the
 * page builds them again from the server's codes (an error's code, a warning's code), and shows a sentence it does
 * not know as is, marked French.
 */
import type { HealthResponse, HealthSource, IngestJobStatus } from '@limni/shared/contracts/health';
import { bracketsToParentheses } from '@limni/shared/domain/names';
import { lieuHref } from '../../api/search';
import { formatAgo, formatDateTime, formatLongDate, formatNumber } from '../../lib/format';
import { currentLangue } from '../../lib/i18n';
import { plural } from '../../lib/plural';
import { serviceReason, type Phrase } from '../../lib/service-reason';
import { etatSourcesWords as m, isEtatSourcesKey, type EtatSourcesKey } from './messages';

/** An instant as the page shows it: « le 12/03/2026 à 14h02 (il y a 3 min) », the ISO time for `<time>`. */
export interface TimeView {
  iso: string;
  /** The absolute time, for the element's title. */
  absolu: string;
  texte: string;
}

export interface SourceRow {
  label: string;
  texte: string;
  lang?: 'fr';
  time?: TimeView;
  /** The place of the station furthest behind. */
  href?: string;
  /** Said after the text (a station never read). */
  note?: string;
}

export interface SourceView {
  nom: HealthSource['nom'];
  etat: HealthSource['etat'];
  etatTexte: string;
  etatAide: string;
  lignes: SourceRow[];
  avertissements: Phrase[];
}

export interface JobView {
  code: string;
  nom: string;
  derniereReussite: TimeView | null;
  enCoursDepuis: TimeView | null;
  tropLong: boolean;
  erreur: (Phrase & { time: TimeView | null; echecs: string; enEchec: boolean }) | null;
  compteursTitre: string;
  compteurs: Array<{ code: string; valeur: string }>;
  avertissements: Phrase[];
}

export interface EtatSourcesView {
  statut: { degrade: boolean; texte: string; problemes: Phrase[] };
  mode: { mode: HealthResponse['ingestion']['mode']; titre: string; phrases: Phrase[] };
  /** Said instead of the cards when the server follows no source (offline mode). */
  sourcesVides: string | null;
  sources: SourceView[];
  jobs: JobView[];
}

/** An instant and its age against `now` (the real clock: these are the server's events, not readings). */
export function timeView(ts: number, now: number): TimeView {
  const absolu = formatDateTime(ts);
  return {
    iso: new Date(ts).toISOString(),
    absolu,
    texte: m('quand', { date: absolu, age: formatAgo(ts, now) }),
  };
}

const french = (text: string): Phrase => (currentLangue() === 'fr' ? { text } : { text, lang: 'fr' });

const SOURCE_OF_JOB: Array<[RegExp, string]> = [
  [/^hubeau/, "Hub'Eau"],
  [/^vigicrues/, 'Vigicrues'],
  [/^open-?meteo/, 'Open-Meteo'],
  [/^vigieau/, 'VigiEau'],
];
const sourceOfJob = (job: string) => SOURCE_OF_JOB.find(([p]) => p.test(job))?.[1] ?? job;

const CAUSES = new Set([
  'timeout',
  'network',
  'json',
  'schema',
  'pagination',
  'lien_refuse',
  'redirection_refusee',
  'pause',
  'bulletin_futur',
  'aborted',
  'interne',
]);

/**
 * A job's last error in the page's language: the server's sentence in French; in English, the same sentence built
 * from its code (`health.service.ts` `errorSummary`).
 */
export function jobErrorPhrase(j: IngestJobStatus): Phrase | null {
  if (j.lastError === null) return null;
  if (currentLangue() === 'fr' || j.lastErrorCode === null) return french(j.lastError);
  const code = j.lastErrorCode;
  const http = /^http_(\d{3})$/.exec(code)?.[1];
  const cause = http
    ? m('cause_http', { code: http })
    : m(`cause_${CAUSES.has(code) ? code : 'interne'}` as EtatSourcesKey);
  // The counts are the last run's: they tell about the error only when that run failed.
  const echecs = j.consecutiveFailures > 0 ? j.counts['requetes_en_echec'] : undefined;
  const total = j.counts['requetes'];
  const source = sourceOfJob(j.job);
  return {
    text:
      echecs && total
        ? m('erreurPart', { source, cause, echecs: formatNumber(echecs), total: formatNumber(total) })
        : m('erreur', { source, cause }),
  };
}

/** A warning of a run, in the page's language when its code is known. */
export function warningPhrase(w: { code: string; message: string }): Phrase {
  if (currentLangue() === 'fr') return french(w.message);
  if (w.code === 'reponses_vides') return { text: m('avert_reponses_vides') };
  const champ = /^champ_absent_(.+)$/.exec(w.code)?.[1];
  if (champ) return { text: m('avert_champ_absent', { champ }) };
  return french(w.message);
}

/** A source's last error: the failing job's, read from its code in English; Open-Meteo's own sentence. */
function sourceError(s: HealthSource, jobs: IngestJobStatus[]): Phrase | null {
  if (s.derniereErreur === null) return null;
  if (currentLangue() === 'fr') return french(s.derniereErreur);
  if (s.nom === 'Open-Meteo') return { text: m('meteoEchec') };
  const job = jobs.find((j) => j.lastError === s.derniereErreur);
  return (job && jobErrorPhrase(job)) ?? french(s.derniereErreur);
}

/** The figures of Hub'Eau: readings of the last hour, sensors up to date, stations behind and the furthest. */
function hubeauRows(s: HealthSource, now: number): SourceRow[] {
  const rows: SourceRow[] = [];
  const count = (label: EtatSourcesKey, n: number | null | undefined) => {
    if (n !== null && n !== undefined) rows.push({ label: m(label), texte: formatNumber(n) });
  };
  count('mesuresHeure', s.observationsDerniereHeure);
  count('capteursAJour', s.capteursAJour);
  count('stationsEnRetard', s.stationsEnRetard);
  const oldest = s.stationLaPlusAncienne;
  if (oldest) {
    const station = `${bracketsToParentheses(oldest.nom)} (${oldest.code})`;
    rows.push({
      label: m('laPlusAncienne'),
      texte: station,
      href: lieuHref(oldest.lieuId),
      ...(oldest.ts === null
        ? { note: m('jamaisLue') }
        : {
            time: {
              ...timeView(oldest.ts, now),
              texte: m('derniereMesure', { quand: timeView(oldest.ts, now).texte }),
            },
          }),
    });
  }
  return rows;
}

/** One source's card. */
export function sourceView(s: HealthSource, jobs: IngestJobStatus[], now: number): SourceView {
  const aucune = m('aucune');
  const erreur = sourceError(s, jobs);
  const lignes: SourceRow[] = [
    s.derniereReussite === null
      ? { label: m('derniereReussite'), texte: aucune }
      : { label: m('derniereReussite'), texte: '', time: timeView(s.derniereReussite, now) },
    erreur === null
      ? { label: m('derniereErreur'), texte: aucune }
      : {
          label: m('derniereErreur'),
          texte: erreur.text,
          ...(erreur.lang ? { lang: erreur.lang } : {}),
          ...(s.derniereErreurLe !== null ? { time: timeView(s.derniereErreurLe, now) } : {}),
        },
  ];
  if (s.nom === "Hub'Eau") lignes.push(...hubeauRows(s, now));
  return {
    nom: s.nom,
    etat: s.etat,
    etatTexte: m(`etat_${s.etat}`),
    etatAide: m(`aide_${s.etat}`),
    lignes,
    avertissements: s.avertissements.map(warningPhrase),
  };
}

/** The name of a job in words (its code for a job the page does not know). */
export function jobName(code: string): string {
  const key = `tache_${code}`;
  return isEtatSourcesKey(key) ? `${m(key)} (${sourceOfJob(code)})` : code;
}

export function jobView(j: IngestJobStatus, now: number): JobView {
  const phrase = jobErrorPhrase(j);
  const counts = Object.entries(j.counts).sort(([a], [b]) => a.localeCompare(b));
  return {
    code: j.job,
    nom: jobName(j.job),
    derniereReussite: j.lastSuccess === null ? null : timeView(j.lastSuccess, now),
    enCoursDepuis: j.enCoursDepuis == null ? null : timeView(j.enCoursDepuis, now),
    tropLong: j.tropLong === true,
    erreur: phrase && {
      ...phrase,
      time: j.lastErrorAt === null ? null : timeView(j.lastErrorAt, now),
      echecs: m(plural(j.consecutiveFailures, 'echecs'), { n: formatNumber(j.consecutiveFailures) }),
      enEchec: j.enEchec,
    },
    compteursTitre: m(plural(counts.length, 'compteurs'), { n: formatNumber(counts.length) }),
    compteurs: counts.map(([code, n]) => ({ code, valeur: formatNumber(n) })),
    avertissements: (j.avertissements ?? []).map(warningPhrase),
  };
}

/** A problem that makes the service `degraded`, in the page's language when its code is known. */
export function problemPhrase(p: { code: string; message: string }): Phrase {
  if (currentLangue() === 'fr') return french(p.message);
  if (p.code === 'base_de_donnees') return { text: m('pb_base_de_donnees') };
  if (p.code === 'hubeau_sans_mesure') return { text: m('pb_hubeau_sans_mesure') };
  const tooLong = /^ingestion_(.+)_trop_longue$/.exec(p.code)?.[1];
  if (tooLong) return { text: m('pb_trop_longue', { tache: jobName(tooLong) }) };
  const failing = /^ingestion_(.+)$/.exec(p.code)?.[1];
  if (failing) return { text: m('pb_en_echec', { tache: jobName(failing) }) };
  return french(p.message);
}

/** The mode and why: live since…, demo because… and the next probe, or the operator's offline mode. */
function modeView(h: HealthResponse, now: number): EtatSourcesView['mode'] {
  const { mode, raison, depuis, prochainEssai } = h.ingestion;
  const phrases: Phrase[] = [];
  const quand = (ts: number) => ({ date: formatDateTime(ts), age: formatAgo(ts, now) });
  if (mode === 'live') {
    phrases.push({ text: depuis != null ? m('liveDepuis', quand(depuis)) : m('liveTexte') });
  } else if (mode === 'demo') {
    phrases.push(serviceReason(raison ?? null));
    if (depuis != null) phrases.push({ text: m('demoDepuis', quand(depuis)) });
    if (prochainEssai != null) phrases.push({ text: m('prochainEssai', quand(prochainEssai)) });
    phrases.push({ text: m('demoTexte') });
  } else {
    phrases.push({ text: m('offTexte') });
  }
  const { debut, fin } = h.donnees;
  phrases.push({
    text:
      debut !== null && fin !== null
        ? m('periode', { debut: formatLongDate(debut), fin: formatLongDate(fin) })
        : m('periodeVide'),
  });
  return { mode, titre: m(`mode_${mode}`), phrases };
}

/** The whole page's view of a health answer at `now`. Pure (reads the page's language). */
export function etatSourcesView(h: HealthResponse, now: number): EtatSourcesView {
  const sources = h.sources ?? [];
  return {
    statut: {
      degrade: h.status === 'degraded',
      texte: m(`statut_${h.status}`),
      problemes: h.problemes.map(problemPhrase),
    },
    mode: modeView(h, now),
    sourcesVides: sources.length === 0 ? m('sourcesVides') : null,
    sources: sources.map((s) => sourceView(s, h.ingestion.jobs, now)),
    jobs: h.ingestion.jobs.map((j) => jobView(j, now)),
  };
}
