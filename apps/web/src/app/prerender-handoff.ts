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
  /** Reads the prerendered fields now; call right before the app renders over them. */
  beforeRender(): void;
}

/** The carry-over of the prerendered screen in `root`: call `beforeRender()` right before `createRoot(root).render`. */
export function holdPrerenderedScreen(root: HTMLElement): PrerenderHandoff {
  return {
    beforeRender() {
      const old = fieldsByKey(root);
      const kept: Kept[] = [];
      let focused: string | null = null;
      for (const [key, el] of old) {
        if (document.activeElement === el) focused = key;
        if (changedByPerson(el))
          kept.push({ key, value: el.value, checked: isToggle(el) ? el.checked : null });
      }
      if (kept.length === 0 && focused === null) return;
      const oldNodes = new Set<Field>(old.values());
      const wanted = [...kept.map((k) => k.key), ...(focused ? [focused] : [])];
      const startedAt = Date.now();
      const observer = new MutationObserver(() => {
        const now = fieldsByKey(root);
        const ready = wanted.every((key) => {
          const el = now.get(key);
          return el !== undefined && !oldNodes.has(el);
        });
        if (!ready) {
          if (Date.now() - startedAt > GIVE_UP_MS) observer.disconnect();
          return;
        }
        observer.disconnect();
        for (const k of kept) {
          const el = now.get(k.key);
          if (!el) continue;
          if (isToggle(el)) {
            if (k.checked !== null && el.checked !== k.checked) el.click();
          } else if (el.value !== k.value) typeInto(el, k.value);
        }
        if (focused) now.get(focused)?.focus();
      });
      observer.observe(root, { childList: true, subtree: true });
    },
  };
}
