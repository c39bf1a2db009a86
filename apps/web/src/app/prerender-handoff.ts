/**
 * What a person does on the prerendered first screen (docs/decisions/116) before the app renders over it is carried
 * over to the app's screen: the text typed in its fields and the field that has the focus. (A form cannot be sent
 * from the prerendered screen: its send button is drawn disabled there, `lib/prerender.ts`.)
 *
 * The app does not hydrate: React replaces the prerendered nodes at its first commit. On a slow phone a person can
 * type a user name in the prerendered sign-in form during that second; without this, the new form would come back
 * empty and the text would be lost.
 *
 * The prerendered markup is the app's own (same components, same order), so a field is found again by its `name`,
 * or, for a field without one, by its rank among the unnamed fields.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Kept {
  key: string;
  value: string;
  checked: boolean | null;
}

const FIELDS = 'input, textarea, select';
/** The carry-over gives up after this long (a screen whose fields never come back). */
const GIVE_UP_MS = 10_000;

function fieldsByKey(root: Element): Map<string, Field> {
  const out = new Map<string, Field>();
  let unnamed = 0;
  for (const el of root.querySelectorAll<Field>(FIELDS)) {
    const name = el.getAttribute('name');
    out.set(name ? `name:${name}` : `rank:${unnamed++}`, el);
  }
  return out;
}

function isToggle(el: Field): el is HTMLInputElement {
  return el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
}

/** Whether the person changed the field from what the server sent (a select's default is its selected option). */
function changedByPerson(el: Field): boolean {
  if (isToggle(el)) return el.checked !== el.defaultChecked;
  if (el instanceof HTMLSelectElement) {
    const initial = [...el.options].find((o) => o.defaultSelected) ?? el.options[0];
    return initial !== undefined && el.value !== initial.value;
  }
  return el.value !== el.defaultValue;
}

/** Sets a field's value the way typing does, so that React's change handler sees it. */
function typeInto(el: Field, value: string): void {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!setter) return;
  setter.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

export interface PrerenderHandoff {
  /** Call right before `createRoot(root).render(…)`: the carry-over happens at the app's first commit. */
  beforeRender(): void;
}

/**
 * Call as soon as the app's code runs, while the prerendered screen is still in `root`. The prerendered fields are
 * read when the app replaces them, not before: what is typed until that very moment is kept.
 */
export function holdPrerenderedScreen(root: HTMLElement): PrerenderHandoff {
  const old = fieldsByKey(root);
  const oldNodes = new Set<Field>(old.values());
  const keyOf = (target: EventTarget | null) => [...old].find(([, el]) => el === target)?.[0] ?? null;
  let focused = keyOf(document.activeElement);
  const onFocus = (event: FocusEvent) => {
    focused = keyOf(event.target);
  };
  root.addEventListener('focusin', onFocus);

  return {
    beforeRender() {
      const startedAt = Date.now();
      const observer = new MutationObserver(() => {
        // Still there: the app has not replaced the prerendered screen yet.
        if ([...oldNodes].some((el) => root.contains(el))) return;
        const kept: Kept[] = [];
        for (const [key, el] of old) {
          if (changedByPerson(el)) {
            kept.push({ key, value: el.value, checked: isToggle(el) ? el.checked : null });
          }
        }
        const now = fieldsByKey(root);
        const wanted = [...kept.map((k) => k.key), ...(focused ? [focused] : [])];
        // The page's fields may come a commit later (a part still loading): wait for them, not for ever.
        if (!wanted.every((key) => now.has(key)) && Date.now() - startedAt < GIVE_UP_MS) return;
        observer.disconnect();
        root.removeEventListener('focusin', onFocus);
        for (const k of kept) {
          const el = now.get(k.key);
          if (!el) continue;
          if (isToggle(el)) {
            if (k.checked !== null && el.checked !== k.checked) el.click();
          } else if (el.value !== k.value) typeInto(el, k.value);
        }
        // The focus went with the replaced field; it comes back unless the person has moved on meanwhile.
        const free = document.activeElement === null || document.activeElement === document.body;
        if (focused && free) now.get(focused)?.focus();
      });
      observer.observe(root, { childList: true, subtree: true });
    },
  };
}
