/**
 * "Contactez-nous" (spec §2, §7 `POST contact`): validated in the browser with the shared contract (the same
 * French messages as the server), server field errors shown under their fields, a honeypot field hidden from
 * people and assistive technologies, a confirmation, and the server's message when too many were sent (429).
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_HONEYPOT,
  CONTACT_MESSAGE_MAX,
  CONTACT_NOM_MAX,
  CONTACT_SUJET_MAX,
  ContactRequest,
} from '@limni/shared/contracts/contact';
import { sendContact } from '../../api/contact';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { Page } from '../../components/ui/Page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useContactMessages } from './messages';

type Field = 'nom' | 'email' | 'sujet' | 'message';
const FIELDS: Field[] = ['nom', 'email', 'sujet', 'message'];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
const EMPTY: Values = { nom: '', email: '', sujet: '', message: '' };

/** French messages of the shared contract, one per field (the first issue of each). */
function validate(values: Values): Errors {
  const parsed = z.safeParse(ContactRequest, values);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const f = issue.path[0];
    if (typeof f === 'string' && (FIELDS as string[]).includes(f) && !errors[f as Field]) {
      errors[f as Field] = issue.message;
    }
  }
  return errors;
}

export default function ContactPage() {
  const m = useContactMessages();
  usePageTitle(m('titre'));
  const ids = { nom: useId(), email: useId(), sujet: useId(), message: useId(), piege: useId() };
  const refs = {
    nom: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    sujet: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const doneRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [piege, setPiege] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const send = useMutation({ mutationFn: sendContact });

  const serverError = send.error instanceof ApiError ? send.error : null;
  const rateLimited = serverError?.status === 429;

  useEffect(() => {
    if (send.isSuccess) doneRef.current?.focus();
  }, [send.isSuccess]);
  useEffect(() => {
    if (send.isError) alertRef.current?.focus();
  }, [send.isError]);

  const set = (f: Field, v: string) => {
    const next = { ...values, [f]: v };
    setValues(next);
    // Once the person tried to send, errors follow what they type.
    if (submitted) setErrors(validate(next));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    send.mutate(
      { ...values, [CONTACT_HONEYPOT]: piege },
      {
        onError: (err) => {
          if (!(err instanceof ApiError) || !err.fields) return;
          const fromServer: Errors = {};
          for (const f of FIELDS) {
            const msg = err.fields[f]?.[0];
            if (msg) fromServer[f] = msg;
          }
          setErrors(fromServer);
          const firstServer = FIELDS.find((f) => fromServer[f]);
          if (firstServer) refs[firstServer].current?.focus();
        },
      },
    );
  };

  if (send.isSuccess) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-8 md:py-12">
        <div role="status" className="card border-emerald-300 !p-6">
          <h1
            ref={doneRef}
            tabIndex={-1}
            className="text-2xl font-bold text-emerald-900 outline-none dark:text-emerald-200"
          >
            <span aria-hidden="true">✓ </span>
            {m('merciTitre')}
          </h1>
          <p className="mt-3">{send.data.message}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setValues(EMPTY);
                setSubmitted(false);
                setErrors({});
                send.reset();
              }}
            >
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
  const describedBy = (f: Field, extra?: string) =>
    [errors[f] ? `${ids[f]}-erreur` : null, extra ?? null].filter(Boolean).join(' ') || undefined;
  const fieldError = (f: Field) =>
    errors[f] ? (
      <p id={`${ids[f]}-erreur`} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
        <span aria-hidden="true">⚠ </span>
        {errors[f]}
      </p>
    ) : null;
  const input = (f: Exclude<Field, 'message'>, type: string, max: number, autoComplete: string) => (
    <div>
      <label htmlFor={ids[f]} className="block font-medium">
        {m(f)}
      </label>
      {f === 'email' && (
        <p id={`${ids.email}-aide`} className="text-sm text-muted">
          {m('emailAide')}
        </p>
      )}
      <input
        ref={refs[f]}
        id={ids[f]}
        name={f}
        type={type}
        className={`field mt-1 ${errors[f] ? '!border-red-700' : ''}`}
        value={values[f]}
        maxLength={max}
        autoComplete={autoComplete}
        required
        aria-required="true"
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={describedBy(f, f === 'email' ? `${ids.email}-aide` : undefined)}
        onChange={(e) => set(f, e.target.value)}
      />
      {fieldError(f)}
    </div>
  );

  return (
    <Page title={m('titre')} intro={m('intro')} width="form">
      <form noValidate onSubmit={onSubmit} className="card relative mt-8 space-y-5 !p-5 md:!p-6">
        <p className="text-sm text-muted">{m('tousObligatoires')}</p>
        {(send.isError || (submitted && hasErrors)) && (
          <div
            ref={alertRef}
            tabIndex={-1}
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-950 outline-none"
          >
            {rateLimited ? (
              <>
                <p className="font-semibold">{m('tropDeMessages')}</p>
                <p className="mt-1">{serverError?.message}</p>
              </>
            ) : send.isError && !serverError?.fields ? (
              <>
                <p className="font-semibold">{m('erreurEnvoi')}</p>
                <p className="mt-1">{send.error.message}</p>
              </>
            ) : (
              <p>{m('erreurs')}</p>
            )}
          </div>
        )}
        {input('nom', 'text', CONTACT_NOM_MAX, 'name')}
        {input('email', 'email', CONTACT_EMAIL_MAX, 'email')}
        {input('sujet', 'text', CONTACT_SUJET_MAX, 'off')}
        <div>
          <label htmlFor={ids.message} className="block font-medium">
            {m('message')}
          </label>
          <textarea
            ref={refs.message}
            id={ids.message}
            name="message"
            rows={8}
            className={`field mt-1 min-h-40 resize-y ${errors.message ? '!border-red-700' : ''}`}
            value={values.message}
            maxLength={CONTACT_MESSAGE_MAX}
            required
            aria-required="true"
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message', `${ids.message}-compteur`)}
            onChange={(e) => set('message', e.target.value)}
          />
          <p id={`${ids.message}-compteur`} className="mt-1 text-right text-sm text-muted">
            {m('compteur', {
              n: formatNumber(values.message.length),
              max: formatNumber(CONTACT_MESSAGE_MAX),
            })}
          </p>
          {fieldError('message')}
        </div>
        {/* Honeypot (docs/decisions/018): off-screen, out of the tab order and of the accessibility tree. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
          <label htmlFor={ids.piege}>{m('piege')}</label>
          <input
            id={ids.piege}
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
