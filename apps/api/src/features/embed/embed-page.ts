/**
 * The widget's HTML (docs/decisions/123): one small server-rendered page, no script, one `<style>` element, an inline
 * SVG sparkline and SVG trend arrows. Every data string goes through `esc`. Sized for frames from 200 × 120 px.
 */
import type { EmbedLang, EmbedTheme } from '@limni/shared/contracts/embed';
import type { DataClock } from '@limni/shared/domain/clock';
import type { Tendance } from '@limni/shared/domain/trend';
import {
  embedMessages,
  formatAge,
  formatInstant,
  formatJour,
  formatJourMois,
  formatRate,
  formatValeur,
  type EmbedMessages,
} from './embed-messages';
import type { WidgetEntite, WidgetLieu, WidgetSituation, WidgetValeur } from './embed.service';

export const esc = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface PageOptions {
  lang: EmbedLang;
  theme: EmbedTheme;
  /** PUBLIC_URL: the links back to Limni. */
  publicUrl: string;
}

const CSS = `*{box-sizing:border-box}html,body{margin:0;height:100%}body{font:13px/1.35 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#fff;color:#1b2733}
.w{height:100%;padding:8px 10px;display:flex;flex-direction:column;gap:3px;overflow:auto;border:1px solid #d5dee5;border-radius:10px}
h1{font-size:14px;margin:0;line-height:1.25;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}a{color:#0b4f6c}h1 a{text-decoration:none}h1 a:hover{text-decoration:underline}
p{margin:0}.m{color:#4f5f6b;font-size:12px}.s{font-size:11px;color:#4f5f6b}.row{display:flex;gap:8px;align-items:center}.row>div{flex:1;min-width:0}
.v{font-size:26px;font-weight:700;letter-spacing:-.02em;font-variant-numeric:tabular-nums;white-space:nowrap}.t{display:block;font-size:12px;font-weight:600}
.t svg{vertical-align:-2px}.up{color:#075985}.dn{color:#115e59}.eq{color:#4f5f6b}.sp{flex:0 0 38%;max-width:160px;height:44px}.sp polyline{stroke:#0b4f6c}
.b{display:inline-block;padding:0 6px;border-radius:9px;font-weight:600;font-size:12px}.ok{background:#dcfce7;color:#14532d}.ko{background:#fee2e2;color:#7f1d1d}.mid{background:#fef3c7;color:#713f12}.na{background:#e5e7eb;color:#374151}
.c-tres-basses{background:#fde4cf;color:#7c2d12}.c-basses{background:#fef3c7;color:#713f12}.c-normales{background:#dcfce7;color:#14532d}.c-hautes{background:#dbeafe;color:#1e3a8a}.c-tres-hautes{background:#1e3a8a;color:#fff}
.old{background:#fef3c7;color:#713f12}footer{margin-top:auto;padding-top:2px;font-size:11px;color:#4f5f6b;display:flex;gap:6px;justify-content:space-between;flex-wrap:wrap}
ul{list-style:none;margin:2px 0;padding:0}li{display:flex;gap:6px;align-items:baseline;padding:2px 0;border-top:1px solid #e6ecf0}li a{flex:1;min-width:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}li b{font-variant-numeric:tabular-nums;white-space:nowrap}
.sombre body{background:#0f1a22;color:#e6eef3}.sombre .w{border-color:#2b3d4a}.sombre a{color:#8fd0f0}.sombre .m,.sombre .s,.sombre footer,.sombre .eq{color:#a9bac6}.sombre .up{color:#7dd3fc}.sombre .dn{color:#5eead4}.sombre .sp polyline{stroke:#8fd0f0}.sombre li{border-color:#24343f}`;

function shell(o: PageOptions, m: EmbedMessages, title: string, body: string): string {
  return `<!doctype html>
<html lang="${o.lang}"${o.theme === 'sombre' ? ' class="sombre"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><meta name="color-scheme" content="${o.theme === 'sombre' ? 'dark' : 'light'}">
<title>${esc(title)} — Limni</title><style>${CSS}</style></head>
<body><main class="w">${body}</main></body></html>`;
}

const ROTATION: Record<Tendance, number> = {
  hausse_rapide: -90,
  hausse: -45,
  stable: 0,
  baisse: 45,
  baisse_rapide: 90,
};

/** An arrow drawn in SVG (no emoji or font glyph), turned to the trend, with the words beside it. */
function trend(
  m: EmbedMessages,
  v: Pick<WidgetValeur, 'tendance' | 'variation_h' | 'unite'>,
  rate: boolean,
): string {
  if (!v.tendance) return '';
  const cls = v.tendance.startsWith('hausse') ? 'up' : v.tendance.startsWith('baisse') ? 'dn' : 'eq';
  const arrow = `<svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true"><path transform="rotate(${ROTATION[v.tendance]} 8 8)" d="M2 8h10M8 3.5 12.5 8 8 12.5" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
  const r = rate && v.variation_h !== null ? ` · ${esc(formatRate(m, v.variation_h, v.unite))}` : '';
  return `<span class="t ${cls}">${arrow} ${esc(m.tendance[v.tendance])}${r}</span>`;
}

/** « il y a 3 h — 31 janv. 2022 à 23 h 45 » (a daily mean: « moyenne du 31 janv. 2022 »), in a `<time>`. */
function when(m: EmbedMessages, v: Pick<WidgetValeur, 'ts' | 'pas_min'>, clock: DataClock): string {
  const absolute = (v.pas_min ?? 0) >= 1440 ? m.moyenneDu(formatJour(m, v.ts)) : formatInstant(m, v.ts);
  return `<time datetime="${new Date(v.ts).toISOString()}" title="${esc(absolute)}">${esc(formatAge(m, v.ts, clock.now))}</time> — ${esc(absolute)}`;
}

/** A list row's date: the age alone, but a daily mean also says its day, the row having no other date (ADR 143). */
function rowWhen(m: EmbedMessages, v: Pick<WidgetValeur, 'ts' | 'pas_min'>, clock: DataClock): string {
  const full = when(m, v, clock);
  return (v.pas_min ?? 0) >= 1440 ? full : (full.split(' — ')[0] ?? full);
}

function sparkline(m: EmbedMessages, w: WidgetLieu): string {
  const s = w.sparkline;
  const v = w.valeur;
  if (!s || !v) return '';
  const W = 160;
  const H = 44;
  const min = Math.min(...s.valeur);
  const max = Math.max(...s.valeur);
  const span = max - min || 1;
  const x = (t: number) => ((t - s.debut) / (s.fin - s.debut || 1)) * (W - 4) + 2;
  const y = (val: number) => H - 3 - ((val - min) / span) * (H - 6);
  const points = s.ts.map((t, i) => `${x(t).toFixed(1)},${y(s.valeur[i] as number).toFixed(1)}`).join(' ');
  const duree = (v.pas_min ?? 0) >= 1440 ? m.j30 : m.h48;
  const label = m.sparkline(duree, formatValeur(m, min, v.unite), formatValeur(m, max, v.unite));
  return `<svg class="sp" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img" aria-label="${esc(label)}"><title>${esc(label)}</title><polyline points="${points}" fill="none" stroke-width="2" vector-effect="non-scaling-stroke" stroke-linejoin="round"/></svg>`;
}

function situation(m: EmbedMessages, s: WidgetSituation | null, main: WidgetValeur | null): string {
  if (!s) return '';
  const range =
    s.bas !== null && s.haut !== null && s.periode
      ? ` ${esc(m.habituel(formatValeur(m, s.bas, s.unite), formatValeur(m, s.haut, s.unite), `${s.periode.debut}–${s.periode.fin}`))}`
      : '';
  // Another sensor than the value above: say which value the class is of.
  const what =
    main && main.capteur_id === s.capteur_id
      ? ''
      : ` ${esc(`${m.grandeur[s.grandeur]} ${formatValeur(m, s.valeur, s.unite)}, ${(s.pas_min ?? 0) >= 1440 ? m.moyenneDu(formatJour(m, s.ts)) : formatInstant(m, s.ts)}${m.deuxPoints}`)}`;
  return `<p class="s" data-testid="situation">${what} <span class="b c-${s.classe}">${esc(m.eaux(m.classe[s.classe], formatJourMois(m, s.ts)))}</span>${range}</p>`;
}

const VERDICT_CLASS: Record<string, string> = {
  praticable: 'ok',
  'trop bas': 'mid',
  'trop haut': 'ko',
  déconseillé: 'ko',
  inconnu: 'na',
};

function verdict(m: EmbedMessages, w: WidgetLieu): string {
  if (!w.verdict) return '';
  const nom = m.activites[w.verdict.activite.slug] ?? w.verdict.activite.nom;
  const { sans_avis: sansAvis, verdict: v } = w.verdict;
  const mot = sansAvis ? m.sansAvis : m.verdict[v];
  return `<p class="m" data-testid="verdict">${esc(nom)}${esc(m.deuxPoints)} <span class="b ${sansAvis ? 'na' : (VERDICT_CLASS[v] ?? 'na')}">${esc(mot)}</span></p>`;
}

function demo(m: EmbedMessages, clocks: readonly DataClock[]): string {
  const shown = [...new Map(clocks.filter((c) => c.demo).map((c) => [c.now, c])).values()];
  if (shown.length === 0) return '';
  return `<p class="s" data-testid="demo">${esc(m.demo(shown.map((c) => formatInstant(m, c.now)).join(' ; ')))}</p>`;
}

const link = (href: string, text: string) =>
  `<a href="${esc(href)}" target="_blank" rel="noopener">${esc(text)}</a>`;

/** `/embed/lieu/{id}`. */
export function renderLieu(w: WidgetLieu, o: PageOptions): string {
  const m = embedMessages(o.lang);
  const href = `${o.publicUrl}/lieu/${w.id}/a-${w.activiteId ?? 1}`;
  const v = w.valeur;
  const kind = w.entite.type === 'L' ? m.lac : m.riviere;
  const value = v
    ? `<div class="row"><div><p class="v" data-testid="valeur">${esc(formatValeur(m, v.valeur, v.unite))}</p>${trend(m, v, true)}</div>${sparkline(m, w)}</div>
<p class="m">${esc(m.grandeur[v.grandeur])} · ${when(m, v, w.clock)}${v.fraicheur === 'a_jour' ? '' : ` <span class="b old">${esc(m.donneesAnciennes)}</span>`}</p>`
    : `<p class="m">${esc(w.aStation ? m.aucuneMesure : m.aucuneStation)}</p>`;
  const body = `<header><h1>${link(href, w.titre)}</h1><p class="m">${esc(kind)} · ${esc(w.entite.nom)}</p></header>
${value}
${situation(m, w.situation, v)}${verdict(m, w)}${demo(m, [w.clock])}
<footer>${v ? `<span>${esc(m.source)}${esc(m.deuxPoints)} ${esc(v.source)}</span>` : '<span></span>'}${link(href, `${m.voirSurLimni} →`)}</footer>`;
  return shell(o, m, w.titre, body);
}

/** `/embed/entite/{id}`: the river or lake and its places' latest values. */
export function renderEntite(w: WidgetEntite, o: PageOptions): string {
  const m = embedMessages(o.lang);
  const href = `${o.publicUrl}/entite/${w.id}/liste/activite/1`;
  const rows = w.lieux
    .map((l) => {
      const v = l.valeur;
      const value = v
        ? `<b>${esc(formatValeur(m, v.valeur, v.unite))}</b>${trend(m, v, false)}<span class="s">${rowWhen(m, v, l.clock)}</span>`
        : `<span class="s">—</span>`;
      return `<li>${link(`${o.publicUrl}/lieu/${l.id}/a-1`, l.titre)}${value}</li>`;
    })
    .join('');
  const sources = [...new Set(w.lieux.flatMap((l) => (l.valeur ? [l.valeur.source] : [])))];
  const body = `<header><h1>${link(href, w.nom)}</h1><p class="m">${esc(w.type === 'L' ? m.lac : m.riviere)} · ${esc(m.lieux)} : ${w.lieux.length}</p></header>
<ul>${rows}</ul>${demo(
    m,
    w.lieux.map((l) => l.clock),
  )}
<footer><span>${sources.length ? `${esc(m.source)}${esc(m.deuxPoints)} ${esc(sources.join(', '))}` : ''}</span>${link(href, `${m.voirSurLimni} →`)}</footer>`;
  return shell(o, m, w.nom, body);
}

/** A 400 or 404 in the widget's style. */
export function renderError(o: PageOptions, status: 400 | 404, message: string): string {
  const m = embedMessages(o.lang);
  const title = status === 404 ? m.introuvable : m.requeteInvalide;
  return shell(
    o,
    m,
    title,
    `<h1>${esc(title)}</h1><p class="m" data-testid="message">${esc(message)}</p><footer><span></span>${link(o.publicUrl, 'Limni →')}</footer>`,
  );
}
