/**
 * The small HTML pages of the one-click stop link of alert e-mails (docs/decisions/058): a confirmation page
 * (GET, safe for link scanners) whose button posts to the same address, and the result page. French, no script,
 * inline styles in the colours of the app; the token never leaves the page (no-referrer).
 */
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface StopPage {
  title: string;
  paragraphs: string[];
  /** A button posting to `action` (the confirmation). */
  form?: { action: string; label: string };
  links: Array<{ label: string; url: string }>;
}

export function renderStopPage(p: StopPage): string {
  const form = p.form
    ? `<form method="post" action="${escapeHtml(p.form.action)}"><input type="hidden" name="confirmer" value="1"><button type="submit" style="min-height:44px;background:#0b4f6c;color:#fff;border:0;border-radius:8px;padding:12px 20px;font:inherit;font-weight:600;cursor:pointer">${escapeHtml(p.form.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(p.title)} — Limni</title></head>
<body style="margin:0;background:#f5f8fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1b2733">
<main style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:700;color:#0b4f6c;margin:0 0 16px">Limni</p>
<div style="background:#fff;border:1px solid #d5dee5;border-radius:12px;padding:24px">
<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(p.title)}</h1>
${p.paragraphs.map((t) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(t)}</p>`).join('\n')}
${form}
<p style="margin:20px 0 0">${p.links.map((l) => `<a href="${escapeHtml(l.url)}" style="color:#0b4f6c">${escapeHtml(l.label)}</a>`).join(' · ')}</p>
</div></main></body></html>`;
}
