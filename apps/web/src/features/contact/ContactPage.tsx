/**
 * "Contactez-nous" (docs/requirements.md R2.5, R10.9 `POST contact`): validated in the browser with the shared contract (the same
 * French messages as the server), server field errors shown under their fields, a honeypot field hidden from
 * people and assistive technologies, a confirmation, and the server's message when too many were sent (429).
 */
import { useId } from 'react';
import { Link } from 'react-router';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_HONEYPOT,
  CONTACT_NOM_MAX,
  CONTACT_SUJET_MAX,
} from '@limni/shared/contracts/contact';
import { Page } from '../../components/ui/Page';
import { usePageTitle } from '../../lib/use-page-title';
import { ContactAlert, ContactInput, MessageField } from './components/ContactParts';
import { useContactMessages } from './messages';
import { FIELDS, useContactForm } from './hooks/use-contact-form';
import { LineIcon } from '../../components/ui/LineIcon';
import { ICON } from '../../components/ui/icons';

const INPUTS = [
  { field: 'nom', type: 'text', max: CONTACT_NOM_MAX, autoComplete: 'name' },
  { field: 'email', type: 'email', max: CONTACT_EMAIL_MAX, autoComplete: 'email' },
  { field: 'sujet', type: 'text', max: CONTACT_SUJET_MAX, autoComplete: 'off' },
] as const;

export default function ContactPage() {
  const m = useContactMessages();
  usePageTitle(m('titre'));
  const piegeId = useId();
  const { refs, doneRef, alertRef, values, set, piege, setPiege, errors, submitted, send, onSubmit, reset } =
    useContactForm();

  if (send.isSuccess) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-8 md:py-12">
        <div role="status" className="card border-emerald-300 !p-6">
          <h1
            ref={doneRef}
            tabIndex={-1}
            className="text-2xl font-bold text-emerald-900 outline-none dark:text-emerald-200"
          >
            <LineIcon d={ICON.ok} size={16} className="mr-1 inline-block shrink-0 align-[-3px]" />
            {m('merciTitre')}
          </h1>
          <p className="mt-3">{send.data.message}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <button type="button" className="btn-secondary" onClick={reset}>
              {m('autreMessage')}
            </button>
            <Link to="/" className="btn-primary">
              {m('retourAccueil')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const hasErrors = FIELDS.some((f) => errors[f]);
  return (
    <Page title={m('titre')} intro={m('intro')} width="form">
      <form noValidate onSubmit={onSubmit} className="card relative mt-8 space-y-5 !p-5 md:!p-6">
        <p className="text-sm text-muted">{m('tousObligatoires')}</p>
        {(send.isError || (submitted && hasErrors)) && <ContactAlert alertRef={alertRef} send={send} />}
        {INPUTS.map((input) => (
          <ContactInput
            key={input.field}
            {...input}
            value={values[input.field]}
            error={errors[input.field]}
            inputRef={refs[input.field]}
            onChange={(v) => set(input.field, v)}
          />
        ))}
        <MessageField
          value={values.message}
          error={errors.message}
          inputRef={refs.message}
          onChange={(v) => set('message', v)}
        />
        {/* Honeypot (docs/decisions/018): off-screen, out of the tab order and of the accessibility tree. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
          <label htmlFor={piegeId}>{m('piege')}</label>
          <input
            id={piegeId}
            name={CONTACT_HONEYPOT}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={piege}
            onChange={(e) => setPiege(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending}>
          {send.isPending ? m('envoi') : m('envoyer')}
        </button>
      </form>
    </Page>
  );
}
