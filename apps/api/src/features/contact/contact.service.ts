/**
 * The contact form: store the message, then mail it to CONTACT_TO with Reply-To the sender
 * (docs/decisions/018). A failed send leaves the message stored with its error and tells the sender clearly.
 */
import type { ContactRequest } from '@limni/shared/contracts/contact';
import { formatInstant } from '@limni/shared/domain/verdict';
import type { AppDeps } from '../../app';
import { upstreamUnavailable } from '../../http/errors';
import { renderMail } from '../../notify/mail';
import { insertMessage, markFailed, markSent } from './contact.repo';

export const CONTACT_MERCI =
  'Merci, votre message a bien été envoyé à l’équipe Limni. Nous vous répondrons à l’adresse indiquée.';

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

export async function submitContact(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'now'>,
  input: ContactRequest,
  ip: string | null,
  log: { error: (obj: object, msg: string) => void },
): Promise<void> {
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
    throw upstreamUnavailable(
      "Votre message est bien enregistré, mais sa transmission par e-mail à l'équipe a échoué. " +
        'Nous le traiterons dès que possible : inutile de le renvoyer.',
    );
  }
  await markSent(deps.db.db, id, deps.now());
}
