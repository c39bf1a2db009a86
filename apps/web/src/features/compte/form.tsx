/**
 * Form pieces of the account screens: labelled fields whose errors (the client's, then the server's) are tied to
 * the input (`aria-invalid`, `aria-describedby`), a password field with show/hide and the rules of
 * `domain/password.ts` checked live, a form-level alert, and the page frame.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '@limni/shared/contracts/account';
import {
  PASSWORD_MIN_LENGTH,
  passwordProblems,
  similarAttribute,
  type PasswordContext,
} from '@limni/shared/domain/password';
import { useCompteMessages } from './messages';

export type FieldErrors = Record<string, string[]>;

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter((v): v is string => typeof v === 'string' && v.length > 0);
  return list.length > 0 ? list.join(' ') : undefined;
}

function ErrorList({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className="mt-1.5 space-y-1 text-sm font-medium text-red-800 dark:text-red-300">
      {errors.map((e) => (
        <li key={e} className="flex gap-1.5">
          <span aria-hidden="true">⚠</span>
          <span>{e}</span>
        </li>
      ))}
    </ul>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'>;

type FieldProps = {
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  hint?: ReactNode;
  label?: string;
};

/** The username input of the registration and profile forms. */
export function UsernameField({ label, ...props }: FieldProps) {
  const m = useCompteMessages();
  return (
    <TextField
      name="username"
      label={label ?? m('nomUtilisateur')}
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={USERNAME_MAX_LENGTH}
      required
      {...props}
    />
  );
}

/** The e-mail input of the account forms. */
export function EmailField({ label, ...props }: FieldProps) {
  const m = useCompteMessages();
  return (
    <TextField
      name="email"
      type="email"
      label={label ?? m('email')}
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      required
      {...props}
    />
  );
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The client's checks of an e-mail address (the server checks again). */
export function emailErrors(value: string, messages: { required: string; invalid: string }): string[] {
  if (!value) return [messages.required];
  return EMAIL_SHAPE.test(value) ? [] : [messages.invalid];
}

/** The client's checks of a username (the server checks again, with the names taken). */
export function usernameErrors(value: string, messages: { required: string; invalid: string }): string[] {
  if (!value) return [messages.required];
  return value.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(value) ? [messages.invalid] : [];
}

export function TextField({
  name,
  label,
  value,
  onChange,
  errors = [],
  hint,
  required,
  ...input
}: InputProps & {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  hint?: ReactNode;
}) {
  const id = useId();
  const invalid = errors.length > 0;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, invalid && `${id}-err`)}
        className={`field mt-1.5 ${invalid ? '!border-red-700 !border-2' : ''}`}
        {...input}
      />
      <ErrorList id={`${id}-err`} errors={errors} />
    </div>
  );
}

const EYE = 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z';
const EYE_OFF =
  'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2';

type RuleState = 'ok' | 'ko' | 'pending' | 'server';

function RuleItem({ state, children }: { state: RuleState; children: ReactNode }) {
  const m = useCompteMessages();
  const icon = state === 'ok' ? '✓' : state === 'ko' ? '✗' : '•';
  const color =
    state === 'ok'
      ? 'text-emerald-800 dark:text-emerald-300'
      : state === 'ko'
        ? 'text-red-800 dark:text-red-300'
        : 'text-muted';
  const sr =
    state === 'ok'
      ? m('regleOk')
      : state === 'ko'
        ? m('regleKo')
        : state === 'server'
          ? m('regleServeur')
          : '';
  return (
    <li className={`flex gap-2 ${color}`}>
      <span aria-hidden="true" className="w-4 shrink-0 text-center font-bold">
        {icon}
      </span>
      <span>
        {children}
        {sr && <span className="sr-only"> ({sr})</span>}
      </span>
    </li>
  );
}

/**
 * A password input with a show/hide toggle. With `rules`, the rules are listed under it and checked as the person
 * types (the common-password list is the server's: it is said, not checked here).
 */
export function PasswordField({
  name,
  label,
  value,
  onChange,
  errors = [],
  autoComplete,
  rules,
  required = true,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  autoComplete: 'current-password' | 'new-password';
  rules?: PasswordContext;
  required?: boolean;
}) {
  const id = useId();
  const m = useCompteMessages();
  const [shown, setShown] = useState(false);
  const invalid = errors.length > 0;
  const typed = value.length > 0;
  const state = (ok: boolean): RuleState => (!typed ? 'pending' : ok ? 'ok' : 'ko');
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(rules && `${id}-rules`, invalid && `${id}-err`)}
          className={`field !pr-28 ${invalid ? '!border-red-700 !border-2' : ''}`}
        />
        <button
          type="button"
          onClick={() => setShown((v) => !v)}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex min-w-11 items-center gap-1.5 rounded-r-lg px-3 text-sm font-semibold text-brand hover:bg-sky-50 dark:text-sky-200 dark:hover:bg-white/5"
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d={shown ? EYE_OFF : EYE} />
          </svg>
          <span>
            {shown ? m('masquer') : m('afficher')}
            <span className="sr-only"> {m('leMdp')}</span>
          </span>
        </button>
      </div>
      <ErrorList id={`${id}-err`} errors={errors} />
      {rules && (
        <div id={`${id}-rules`} className="mt-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-white/5">
          <p className="font-medium">{m('reglesTitre')}</p>
          <ul className="mt-1 space-y-0.5">
            <RuleItem state={state(value.length >= PASSWORD_MIN_LENGTH)}>
              {m('regleLongueur', { n: PASSWORD_MIN_LENGTH })}
            </RuleItem>
            <RuleItem state={state(!/^\d+$/.test(value))}>{m('regleChiffres')}</RuleItem>
            <RuleItem
              state={
                rules.username || rules.email ? state(similarAttribute(value, rules) === null) : 'server'
              }
            >
              {m('regleSemblable')}
            </RuleItem>
            <RuleItem state="server">{m('regleCourant')}</RuleItem>
          </ul>
        </div>
      )}
    </div>
  );
}

/** The client's checks of a new password and its confirmation (the server checks again, with its list). */
export function newPasswordErrors(
  password: string,
  confirmation: string,
  context: PasswordContext,
  messages: { required: string; mismatch: string },
): { password: string[]; confirmation: string[] } {
  return {
    password: password ? passwordProblems(password, context) : [messages.required],
    confirmation: !confirmation
      ? [messages.required]
      : password && confirmation !== password
        ? [messages.mismatch]
        : [],
  };
}

export function countErrors(errors: FieldErrors): number {
  return Object.values(errors).reduce((n, list) => n + list.length, 0);
}

/** Keeps the non-empty lists only. */
export function compactErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, list]) => list.length > 0));
}

/**
 * After a failed submit, moves focus to the first invalid field, else to the form's alert, so that keyboard and
 * screen-reader users land on what to fix. `attempt` changes on every submit.
 */
export function useFocusFirstError(
  formRef: RefObject<HTMLFormElement | null>,
  alertRef: RefObject<HTMLElement | null>,
  attempt: number,
  hasErrors: boolean,
): void {
  useEffect(() => {
    if (attempt === 0 || !hasErrors) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? alertRef.current)?.focus();
  }, [attempt, hasErrors, formRef, alertRef]);
}

/** A message about the whole form (server message, or a summary of the field errors). */
export function FormAlert({
  kind = 'error',
  children,
  alertRef,
}: {
  kind?: 'error' | 'success' | 'info';
  children: ReactNode;
  alertRef?: RefObject<HTMLDivElement | null>;
}) {
  const styles = {
    error: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
    success:
      'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
    info: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  } as const;
  return (
    <div
      ref={alertRef}
      tabIndex={-1}
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm outline-offset-2 ${styles[kind]}`}
    >
      {children}
    </div>
  );
}

/** Frame of the account screens: title, optional subtitle, the card, and an optional aside on wide screens. */
export function AccountFrame({
  title,
  subtitle,
  children,
  aside,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 md:py-14">
      <div className={aside ? 'grid gap-8 md:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] md:gap-12' : ''}>
        <div className={aside ? '' : 'mx-auto max-w-md'}>
          <h1 className="text-3xl font-bold tracking-tight text-brand dark:text-sky-200">{title}</h1>
          <div className="card mt-6 !p-5 sm:!p-7">
            {subtitle && <h2 className="mb-5 text-xl font-semibold">{subtitle}</h2>}
            {children}
          </div>
        </div>
        {aside && <aside className="md:pt-16">{aside}</aside>}
      </div>
    </div>
  );
}

/** A ref for the form and one for its alert, plus the submit counter that drives the focus. */
export function useFormFocus() {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  return { formRef, alertRef, attempt, bump: () => setAttempt((n) => n + 1) };
}

/** A large round check or cross above a result (verification, e-mail sent). */
export function ResultIcon({ kind }: { kind: 'ok' | 'ko' | 'mail' }) {
  const d =
    kind === 'ok'
      ? 'M5 12.5l4.5 4.5L19 7.5'
      : kind === 'ko'
        ? 'M7 7l10 10M17 7L7 17'
        : 'M3 6l9 7 9-7M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z';
  const tone =
    kind === 'ok'
      ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
      : kind === 'ko'
        ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300'
        : 'bg-sky-100 text-brand dark:bg-sky-950 dark:text-sky-300';
  return (
    <span
      aria-hidden="true"
      className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${tone}`}
    >
      <svg
        viewBox="0 0 24 24"
        width="28"
        height="28"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={d} />
      </svg>
    </span>
  );
}
