/**
 * The contact form: count the message against the per-IP limit, store it, then mail it to CONTACT_TO with
 * Reply-To the sender (docs/decisions/018, 064). A failed send leaves the message stored with its error and tells
 * the sender clearly.
 */
import type { ContactRequest } from '@limni/shared/contracts/contact';
import { formatInstant } from '@limni/shared/domain/verdict';
import type { AppDeps } from '../../deps';
import { upstreamUnavailable } from '../../http/errors';
import { RateLimiter, reseauClient, type LimitPolicy } from '../../http/limiter';
import { renderMail } from '../../notify/mail';
import { CONTACT } from './contact.messages';
import { insertMessage, markFailed, markSent } from './contact.repo';

/** Accepted messages per IP and per hour. */
export const CONTACT_MAX_PER_HOUR = 5;

/** Counted in the database like every other limit, so that it holds across API instances. */
export const CONTACT_LIMIT: LimitPolicy = {
  bucket: 'contact-ip',
  max: CONTACT_MAX_PER_HOUR,
  windowMs: 3600_000,
  message: CONTACT.patientez,
};

/** The e-mail received by the team. */
export function contactMail(m: Omit<ContactRequest, 'site_web'>, id: number, at: number) {
  const paragraphs = m.message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return renderMail({
    greeting: 'Nouveau message reçu par le formulaire de contact de Limni.',
    paragraphs: [`De : ${m.nom} <${m.email}>`, `Sujet : ${m.sujet}`, ...paragraphs],
    footnote: `Message n° ${id}, reçu ${formatInstant(at)}. Répondez à cet e-mail pour écrire directement à ${m.nom}.`,
  });
}

export class ContactService {
  private readonly limiter: RateLimiter;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'now'>) {
    this.limiter = new RateLimiter(deps.db.db, deps.now);
  }

  /** Counts, stores and mails one message; 429 beyond the per-IP limit, 503 when the mail cannot leave. */
  async submit(
    input: ContactRequest,
    ip: string,
    log: { error: (obj: object, msg: string) => void },
  ): Promise<void> {
    await this.limiter.consume(CONTACT_LIMIT, reseauClient(ip));
    const { deps } = this;
    const { nom, email, sujet, message } = input;
    const at = deps.now();
    const id = await insertMessage(deps.db.db, { nom, email, sujet, message, ip, created_at: at });
    const { text, html } = contactMail({ nom, email, sujet, message }, id, at);
    try {
      await deps.mailer.send({
        to: deps.env.CONTACT_TO,
        replyTo: email,
        subject: `[Contact Limni] ${sujet}`,
        text,
        html,
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await markFailed(deps.db.db, id, reason);
      log.error({ err, contactMessageId: id }, 'Envoi du message de contact impossible (message conservé)');
      throw upstreamUnavailable(CONTACT.nonTransmis);
    }
    await markSent(deps.db.db, id, deps.now());
  }
}
