/**
 * The fields of the account forms: labelled inputs whose errors (the client's, then the server's) are tied to the
 * input (`aria-invalid`, `aria-describedby`), and a password input with show/hide and the rules of
 * `domain/password.ts` checked live. Their value, change and errors come from `useAccountForm(...).field(name)`.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { USERNAME_MAX_LENGTH } from '@limni/shared/contracts/account';
import { PASSWORD_MIN_LENGTH, similarAttribute, type PasswordContext } from '@limni/shared/domain/password';
import { LineIcon } from '../../../components/ui/LineIcon';
import { useAccountMessages } from '../messages';
import { ICON } from '../../../components/ui/icons';

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
          <LineIcon d={ICON.attention} size={16} className="mt-0.5 shrink-0" />
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
  const m = useAccountMessages();
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
  const m = useAccountMessages();
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

function ConditionItem({ state, children }: { state: RuleState; children: ReactNode }) {
  const m = useAccountMessages();
  const icon = state === 'ok' ? ICON.ok : state === 'ko' ? ICON.non : ICON.point;
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
      <LineIcon
        d={icon}
        size={16}
        strokeWidth={state === 'pending' || state === 'server' ? 4 : 2.5}
        className="mt-0.5 shrink-0"
      />
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
  const m = useAccountMessages();
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
          <LineIcon d={shown ? EYE_OFF : EYE} />
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
            <ConditionItem state={state(value.length >= PASSWORD_MIN_LENGTH)}>
              {m('regleLongueur', { n: PASSWORD_MIN_LENGTH })}
            </ConditionItem>
            <ConditionItem state={state(!/^\d+$/.test(value))}>{m('regleChiffres')}</ConditionItem>
            <ConditionItem
              state={
                rules.username || rules.email ? state(similarAttribute(value, rules) === null) : 'server'
              }
            >
              {m('regleSemblable')}
            </ConditionItem>
            <ConditionItem state="server">{m('regleCourant')}</ConditionItem>
          </ul>
        </div>
      )}
    </div>
  );
}
