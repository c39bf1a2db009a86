/**
 * The wiring every account form shares (sign-in, registration, reset request and confirmation, the profile's
 * identity and password): the values, one `field(name)` giving an input its value, change handler and errors
 * (the server's, overridden by the client's), the client's checks, and the focus after a failed submit — on the
 * first invalid field, else on the form's alert, so that keyboard and screen-reader users land on what to fix.
 */
import { useEffect, useRef, useState } from 'react';
import { compactErrors, countErrors, type FieldErrors } from '../field-checks';

export interface AccountFormOptions {
  /** Field errors kept outside the form (the account store's last failure of the flow), shown under the fields. */
  serverErrors?: FieldErrors | null;
  /** A failure about the whole form is shown: after a failed submit the focus goes to its alert. */
  failed?: boolean;
}

export function useAccountForm<V extends Record<string, string>>(
  initial: V,
  options: AccountFormOptions = {},
) {
  const [values, setValues] = useState<V>(initial);
  const [ownErrors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  /** Changes on every failed submit: what moves the focus. */
  const [attempt, setAttempt] = useState(0);
  const errors: FieldErrors = options.serverErrors ? { ...options.serverErrors, ...ownErrors } : ownErrors;
  const hasErrors = countErrors(errors) > 0 || options.failed === true;

  useEffect(() => {
    if (attempt === 0 || !hasErrors) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? alertRef.current)?.focus();
  }, [attempt, hasErrors]);

  /** Marks a failed submit: the focus moves to what to fix once it is shown. */
  const failed = () => setAttempt((n) => n + 1);

  return {
    values,
    setValues,
    /** The errors shown under the fields. */
    errors,
    /** Replaces the form's own errors (the client's checks, or a server answer the form handles itself). */
    setErrors,
    formRef,
    alertRef,
    failed,
    /** Value, change handler and errors of one field, for `TextField`, `PasswordField`… */
    field: (name: keyof V & string) => ({
      value: values[name],
      onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
      errors: errors[name],
    }),
    /** Shows the client's checks; true when they pass, else marks a failed submit. */
    check: (found: FieldErrors): boolean => {
      const shown = compactErrors(found);
      setErrors(shown);
      if (countErrors(shown) === 0) return true;
      failed();
      return false;
    },
  };
}
