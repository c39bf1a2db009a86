/**
 * The contact form's state: values checked with the shared contract (the server's French messages, first issue
 * of each field), errors that follow what is typed once a send was tried, the server's field errors, the focus
 * on the first field to fix, the honeypot (docs/decisions/018), and the `POST contact` mutation.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { CONTACT_HONEYPOT, ContactRequest } from '@limni/shared/contracts/contact';
import { sendContact } from '../../../api/contact';
import { ApiError } from '../../../lib/api';

export type Field = 'nom' | 'email' | 'sujet' | 'message';
export const FIELDS: Field[] = ['nom', 'email', 'sujet', 'message'];
type Values = Record<Field, string>;
export type Errors = Partial<Record<Field, string>>;
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

/** The server's field errors (first message of each field). */
function serverErrors(err: ApiError): Errors {
  const found: Errors = {};
  for (const f of FIELDS) {
    const msg = err.fields?.[f]?.[0];
    if (msg) found[f] = msg;
  }
  return found;
}

export function useContactForm() {
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

  useEffect(() => {
    if (send.isSuccess) doneRef.current?.focus();
  }, [send.isSuccess]);
  // A refusal takes the focus to its message, unless the server named a field: then to that field.
  const fieldFocused = useRef(false);
  useEffect(() => {
    if (send.isError && !fieldFocused.current) alertRef.current?.focus();
  }, [send.isError]);

  const focusFirst = (found: Errors) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  };

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
    if (focusFirst(found)) return;
    send.mutate(
      { ...values, [CONTACT_HONEYPOT]: piege },
      {
        // Called before the refusal renders, so before the effect above decides where the focus goes.
        onError: (err) => {
          fieldFocused.current = false;
          if (!(err instanceof ApiError) || !err.fields) return;
          const fromServer = serverErrors(err);
          setErrors(fromServer);
          fieldFocused.current = focusFirst(fromServer);
        },
      },
    );
  };

  /** "Écrire un autre message": an empty form again. */
  const reset = () => {
    setValues(EMPTY);
    setSubmitted(false);
    setErrors({});
    send.reset();
  };

  return {
    refs,
    doneRef,
    alertRef,
    values,
    set,
    piege,
    setPiege,
    errors,
    submitted,
    send,
    onSubmit,
    reset,
  };
}
