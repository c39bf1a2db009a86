/** The pieces of the contact form: a field with its error, the message with its counter, the form's alert. */
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, type RefObject } from 'react';
import { CONTACT_MESSAGE_MAX } from '@limni/shared/contracts/contact';
import { ApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useContactMessages } from '../messages';
import type { Field } from '../hooks/use-contact-form';
import { LineIcon } from '../../../components/ui/LineIcon';
import { ICON } from '../../../components/ui/icons';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
      <LineIcon d={ICON.attention} size={16} className="mr-1 inline-block shrink-0 align-[-3px]" />
      {error}
    </p>
  ) : null;
}

const describedBy = (...ids: (string | null)[]) => ids.filter(Boolean).join(' ') || undefined;

/** Name, e-mail address or subject. */
export function ContactInput({
  field,
  type,
  max,
  autoComplete,
  value,
  error,
  inputRef,
  onChange,
}: {
  field: Exclude<Field, 'message'>;
  type: string;
  max: number;
  autoComplete: string;
  value: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
}) {
  const m = useContactMessages();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {m(field)}
      </label>
      {field === 'email' && (
        <p id={`${id}-aide`} className="text-sm text-muted">
          {m('emailAide')}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        name={field}
        type={type}
        className={`field mt-1 ${error ? '!border-red-700' : ''}`}
        value={value}
        maxLength={max}
        autoComplete={autoComplete}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error ? `${id}-erreur` : null, field === 'email' ? `${id}-aide` : null)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-erreur`} error={error} />
    </div>
  );
}

/** The message, with the count of characters typed. */
export function MessageField({
  value,
  error,
  inputRef,
  onChange,
}: {
  value: string;
  error: string | undefined;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onChange: (value: string) => void;
}) {
  const m = useContactMessages();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {m('message')}
      </label>
      <textarea
        ref={inputRef}
        id={id}
        name="message"
        rows={8}
        className={`field mt-1 min-h-40 resize-y ${error ? '!border-red-700' : ''}`}
        value={value}
        maxLength={CONTACT_MESSAGE_MAX}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error ? `${id}-erreur` : null, `${id}-compteur`)}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-compteur`} className="mt-1 text-right text-sm text-muted">
        {m('compteur', {
          n: formatNumber(value.length),
          max: formatNumber(CONTACT_MESSAGE_MAX),
        })}
      </p>
      <FieldError id={`${id}-erreur`} error={error} />
    </div>
  );
}

/** What went wrong: too many messages (429), a failed send, or fields to fix. */
export function ContactAlert<V>({
  alertRef,
  send,
}: {
  alertRef: RefObject<HTMLDivElement | null>;
  send: UseMutationResult<unknown, Error, V>;
}) {
  const m = useContactMessages();
  const serverError = send.error instanceof ApiError ? send.error : null;
  return (
    <div
      ref={alertRef}
      tabIndex={-1}
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-950 outline-none"
    >
      {serverError?.status === 429 ? (
        <>
          <p className="font-semibold">{m('tropDeMessages')}</p>
          <p className="mt-1">{serverError.message}</p>
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
  );
}
