/**
 * Real e-mail through nodemailer. With SMTP_URL, messages go to that SMTP server over a pool of at most
 * SMTP_MAX_CONNECTIONS connections, each reused for several messages and closed after a second idle (an alert to
 * thousands of subscribers does not open thousands of connections, docs/decisions/159; `?pool=false` or
 * `?maxConnections=N` in SMTP_URL override this); without it, each message is written as a complete `.eml` file
 * (headers, text and HTML parts) to `$DATA_DIR/outbox/` and its subject logged, so that the whole path can be
 * followed offline.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../config/env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** Path of the .eml file when written to the outbox. */
  file?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
}

export interface MailLogger {
  info: (obj: object, msg: string) => void;
}

/** Connections of the SMTP pool of one process. */
export const SMTP_MAX_CONNECTIONS = 5;

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  log: MailLogger = { info: () => {} },
): Mailer {
  if (env.SMTP_URL) {
    // Options given in the URL's query win over these defaults.
    const transport: Transporter = nodemailer.createTransport({
      pool: true,
      maxConnections: SMTP_MAX_CONNECTIONS,
      maxMessages: 1000,
      idleTimeout: 1000,
      url: env.SMTP_URL,
    });
    return {
      mode: 'smtp',
      async send(m) {
        const info = await transport.sendMail({ from: env.MAIL_FROM, ...m });
        log.info({ to: m.to, subject: m.subject }, 'E-mail envoyé (SMTP)');
        return { messageId: String(info.messageId) };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(env.DATA_DIR);
  return {
    mode: 'outbox',
    async send(m) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, ...m });
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      log.info({ to: m.to, subject: m.subject, file }, `E-mail écrit dans la boîte d'envoi : ${m.subject}`);
      return { messageId: String(info.messageId), file };
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface MailContent {
  /** First line of the message ("Bonjour Camille,"). */
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action (e.g. "Ce lien expire dans 24 heures."). */
  footnote?: string;
  /** The language the message is written in (French by default): the frame's words follow it. */
  langue?: 'fr' | 'en';
}

const FRAME = {
  fr: {
    tagline: 'Limni · lacs et rivières de France',
    sep: ' : ',
    copyLink: 'Si le bouton ne fonctionne pas, copiez ce lien : ',
  },
  en: {
    tagline: 'Limni · lakes and rivers of France',
    sep: ': ',
    copyLink: 'If the button does not work, copy this link: ',
  },
} as const;

/** Renders the same message (French unless `langue` says English) as plain text and as simple, inline-styled HTML. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const langue = content.langue ?? 'fr';
  const frame = FRAME[langue];
  const textParts = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) textParts.push(`${content.action.label}${frame.sep}${content.action.url}`, '');
  if (content.footnote) textParts.push(content.footnote, '');
  textParts.push('—', frame.tagline);
  const html = `<!doctype html><html lang="${langue}"><body style="margin:0;background:#f5f8fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1b2733">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:700;color:#0b4f6c;margin:0 0 16px">Limni</p>
<div style="background:#fff;border:1px solid #d5dee5;border-radius:12px;padding:24px">
<p style="margin:0 0 12px">${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${
  content.action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#0b4f6c;color:#fff;text-decoration:none;font-weight:600;padding:12px 18px;border-radius:8px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4a5a68">${escapeHtml(frame.copyLink)}<br><a href="${escapeHtml(content.action.url)}" style="color:#0b4f6c">${escapeHtml(content.action.url)}</a></p>`
    : ''
}
${content.footnote ? `<p style="margin:0;font-size:13px;color:#4a5a68">${escapeHtml(content.footnote)}</p>` : ''}
</div>
<p style="font-size:12px;color:#4a5a68;margin:16px 0 0">${escapeHtml(frame.tagline)}</p>
</div></body></html>`;
  return { text: textParts.join('\n'), html };
}
