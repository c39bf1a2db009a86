/**
 * The `/api/health` answer the server put in the page (`<meta name="limni-health">`, docs/decisions/109), for the
 * first paint: the shell's demo banner reads the few fields it needs, checked by hand so that neither the contract
 * nor TanStack Query enters the first load (ADR 052); `api/health.ts` gives the whole answer, validated by the
 * contract, to the health query.
 */

/** The name of the meta element the server puts the `/api/health` answer in. */
export const PAGE_HEALTH_META = 'limni-health';

/** The service's mode (docs/decisions/134): live, demo because the sources did not answer, or demo by choice. */
export type ServiceMode = 'live' | 'demo' | 'off';

/** What the demo banner and the data clock need of the answer. */
export interface PageClockData {
  /** `mode === 'live'`: the real clock. */
  live: boolean;
  mode: ServiceMode;
  /** Why the demo is shown (`demo` only), a French sentence from the server. */
  raison: string | null;
  /** When the server probes the sources again (`demo` only). */
  prochainEssai: number | null;
  donnees: { debut: number | null; fin: number | null };
  episodes: Array<{ code: string; libelle: string; debut: number | null; fin: number | null }>;
}

const metas = new Map<string, unknown>();

/**
 * The parsed JSON of a meta element the server put in the page (`limni-health`, `limni-replay`), read once;
 * undefined when absent or not JSON.
 */
export function readPageMeta(name: string): unknown {
  if (!metas.has(name)) {
    // Prerendering at build time (docs/decisions/116) has no page: the server puts the banner in by itself.
    if (typeof document === 'undefined') return undefined;
    const content = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
    let json: unknown;
    try {
      json = content ? (JSON.parse(content) as unknown) : undefined;
    } catch {
      json = undefined;
    }
    metas.set(name, json);
  }
  return metas.get(name);
}

/** The parsed JSON of the health meta element, undefined when absent or not JSON. */
export function pageHealthJson(): unknown {
  return readPageMeta(PAGE_HEALTH_META);
}

const isMode = (v: unknown): v is ServiceMode => v === 'live' || v === 'demo' || v === 'off';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const epochOrNull = (v: unknown): number | null | undefined =>
  v === null ? null : typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/** The banner's fields of the page's health answer; undefined when the page carries none or a malformed one. */
export function pageClockData(): PageClockData | undefined {
  return clockDataOf(pageHealthJson());
}

/** The banner's fields of a health answer, checked by hand; undefined when malformed. Pure. */
export function clockDataOf(h: unknown): PageClockData | undefined {
  if (!isRecord(h) || !isRecord(h['donnees']) || !isRecord(h['ingestion'])) return undefined;
  const debut = epochOrNull(h['donnees']['debut']);
  const fin = epochOrNull(h['donnees']['fin']);
  const ingestion = h['ingestion'];
  const mode = ingestion['mode'];
  if (debut === undefined || fin === undefined || !isMode(mode)) return undefined;
  // Both are optional in the contract (older servers): absent reads as null, a wrong type as malformed.
  const raison = ingestion['raison'] ?? null;
  const prochainEssai = epochOrNull(ingestion['prochainEssai'] ?? null);
  if ((raison !== null && typeof raison !== 'string') || prochainEssai === undefined) return undefined;
  const episodes: PageClockData['episodes'] = [];
  for (const e of Array.isArray(h['episodes']) ? h['episodes'] : []) {
    if (!isRecord(e)) return undefined;
    const d = epochOrNull(e['debut']);
    const f = epochOrNull(e['fin']);
    if (
      typeof e['code'] !== 'string' ||
      typeof e['libelle'] !== 'string' ||
      d === undefined ||
      f === undefined
    ) {
      return undefined;
    }
    episodes.push({ code: e['code'], libelle: e['libelle'], debut: d, fin: f });
  }
  return { live: mode === 'live', mode, raison, prochainEssai, donnees: { debut, fin }, episodes };
}
