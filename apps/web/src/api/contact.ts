/** `POST /api/contact` (the "Contactez-nous" form). */
import { ContactResponse, type ContactRequest } from '@limni/shared/contracts/contact';
import { api } from '../lib/api';

export function sendContact(body: ContactRequest) {
  return api('contact', ContactResponse, { method: 'POST', body });
}
