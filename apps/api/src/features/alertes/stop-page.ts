/**
 * The small HTML pages of the one-click stop link of alert e-mails (docs/decisions/058): a confirmation page
 * (GET, safe for link scanners) whose button posts to the same address, and the result page. In the language of the
 * account the e-mail went to (`user.langue`, docs/decisions/146), no script, inline styles in the colours of the
 * app; the token never leaves the page (no-referrer).
 */
import type { Langue } from '../../http/langue';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface StopPage {
  langue: Langue;
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
<html lang="${p.langue}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
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

/** What the pages say about a rule, in the language of its account. */
export interface StopPageRegle {
  langue: Langue;
  /** The rule's line in `langue`. */
  description: string;
  libelle: string;
  /** Path of the place page (`lienLieu`). */
  lien: string;
}

/** 404: a forged or altered token, or a rule deleted since the e-mail. */
export function invalidStopPage(publicUrl: string, langue: Langue): string {
  if (langue === 'en') {
    return renderStopPage({
      langue,
      title: 'Invalid link',
      paragraphs: [
        'This stop link is not valid, or the alert has been deleted since the e-mail was sent.',
        'You can manage your alerts from your profile.',
      ],
      links: [{ label: 'My alerts', url: `${publicUrl}/user/profil` }],
    });
  }
  return renderStopPage({
    langue,
    title: 'Lien non valide',
    paragraphs: [
      'Ce lien d’arrêt n’est pas valide, ou l’alerte a été supprimée depuis l’envoi de l’e-mail.',
      'Vous pouvez gérer vos alertes depuis votre profil.',
    ],
    links: [{ label: 'Mes alertes', url: `${publicUrl}/user/profil` }],
  });
}

/** GET: what will stop, and a button posting to `action` (or, when stopped already, says so). */
export function confirmStopPage(
  publicUrl: string,
  regle: StopPageRegle,
  actif: boolean,
  action: string,
): string {
  if (regle.langue === 'en') return confirmStopPageEn(publicUrl, regle, actif, action);
  const what = `«\u00a0${regle.description}\u00a0» pour ${regle.libelle}`;
  if (!actif) {
    return renderStopPage({
      langue: 'fr',
      title: 'Alerte déjà arrêtée',
      paragraphs: [`L’alerte ${what} est déjà arrêtée. Vous ne recevrez plus de message pour elle.`],
      links: [
        { label: 'Réactiver depuis mon profil', url: `${publicUrl}/user/profil` },
        { label: 'Voir le lieu', url: `${publicUrl}${regle.lien}` },
      ],
    });
  }
  return renderStopPage({
    langue: 'fr',
    title: 'Arrêter cette alerte\u00a0?',
    paragraphs: [
      `Vous ne recevrez plus l’alerte ${what}, ni par e-mail, ni en notification.`,
      'Vos autres alertes ne changent pas, et vous pourrez la réactiver depuis votre profil.',
    ],
    form: { action, label: 'Arrêter cette alerte' },
    links: [{ label: 'Garder cette alerte', url: `${publicUrl}${regle.lien}` }],
  });
}

function confirmStopPageEn(publicUrl: string, regle: StopPageRegle, actif: boolean, action: string): string {
  const what = `“${regle.description}” for ${regle.libelle}`;
  if (!actif) {
    return renderStopPage({
      langue: 'en',
      title: 'Alert already stopped',
      paragraphs: [`The alert ${what} is already stopped. You will not get any more messages for it.`],
      links: [
        { label: 'Turn it back on from my profile', url: `${publicUrl}/user/profil` },
        { label: 'See the place', url: `${publicUrl}${regle.lien}` },
      ],
    });
  }
  return renderStopPage({
    langue: 'en',
    title: 'Stop this alert?',
    paragraphs: [
      `You will no longer get the alert ${what}, neither by e-mail nor as a notification.`,
      'Your other alerts do not change, and you can turn this one back on from your profile.',
    ],
    form: { action, label: 'Stop this alert' },
    links: [{ label: 'Keep this alert', url: `${publicUrl}${regle.lien}` }],
  });
}

/** POST: the rule is stopped. */
export function stoppedPage(publicUrl: string, regle: StopPageRegle): string {
  if (regle.langue === 'en') {
    return renderStopPage({
      langue: 'en',
      title: 'Alert stopped',
      paragraphs: [
        `Done: you will no longer get the alert “${regle.description}” for ${regle.libelle}.`,
        'You can turn it back on, or manage your other alerts, from your profile.',
      ],
      links: [
        { label: 'My alerts', url: `${publicUrl}/user/profil` },
        { label: 'See the place', url: `${publicUrl}${regle.lien}` },
      ],
    });
  }
  return renderStopPage({
    langue: 'fr',
    title: 'Alerte arrêtée',
    paragraphs: [
      `C’est fait\u00a0: vous ne recevrez plus l’alerte «\u00a0${regle.description}\u00a0» pour ${regle.libelle}.`,
      'Vous pouvez la réactiver, ou gérer vos autres alertes, depuis votre profil.',
    ],
    links: [
      { label: 'Mes alertes', url: `${publicUrl}/user/profil` },
      { label: 'Voir le lieu', url: `${publicUrl}${regle.lien}` },
    ],
  });
}
