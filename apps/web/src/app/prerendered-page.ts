/**
 * Taking over a prerendered landing page (build/prerender.mjs, docs/architecture.md): the browser shows the
 * page from the HTML alone, so a visitor (or a password manager) may type into its fields before the app
 * has drawn it. The app's page replaces that markup in one task; what was typed, what was ticked and where
 * the caret was move over to the app's own fields, announced with the events a person's typing fires, so
 * the form's state holds them as if typed there. Buttons pressed meanwhile (which had no handler yet) are
 * pressed again on the app's page, in order, and a form sent meanwhile (its `method="dialog"` keeps it from
 * going anywhere by itself) is sent again from the app's form once it is there.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Entry {
  key: string;
  value?: string;
  checked?: boolean;
}

/** A field's name within its form; its position among fields of that name tells radios and repeats apart. */
function keyOf(field: Field, index: number): string | null {
  const name = field.name || field.id;
  return name ? `${field.form?.getAttribute('aria-labelledby') ?? ''}|${name}|${index}` : null;
}

function fieldsIn(root: ParentNode): { field: Field; key: string }[] {
  const seen = new Map<string, number>();
  const out: { field: Field; key: string }[] = [];
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    const name = field.name || field.id;
    const index = seen.get(name) ?? 0;
    seen.set(name, index + 1);
    const key = keyOf(field, index);
    if (key) out.push({ field, key });
  }
  return out;
}

const changedValue = (field: Field): string | undefined => {
  if (field instanceof HTMLSelectElement) {
    const initial = [...field.options].find((option) => option.defaultSelected)?.value ?? field.options[0]?.value ?? '';
    return field.value === initial ? undefined : field.value;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio' || field.type === 'file')) return undefined;
  return field.value === field.defaultValue ? undefined : field.value;
};

/** What the visitor has put into the prerendered fields, and which field had the focus. */
function capture(root: ParentNode): { entries: Entry[]; focused: string | null; selection: [number, number] | null } {
  const entries: Entry[] = [];
  let focused: string | null = null;
  let selection: [number, number] | null = null;
  for (const { field, key } of fieldsIn(root)) {
    const value = changedValue(field);
    const checked =
      field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio') && field.checked !== field.defaultChecked
        ? field.checked
        : undefined;
    if (value !== undefined || checked !== undefined)
      entries.push({ key, ...(value === undefined ? {} : { value }), ...(checked === undefined ? {} : { checked }) });
    if (field === document.activeElement) {
      focused = key;
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        try {
          selection = field.selectionStart === null ? null : [field.selectionStart, field.selectionEnd ?? field.selectionStart];
        } catch {
          selection = null; // email and number inputs have no selection API
        }
      }
    }
  }
  return { entries, focused, selection };
}

/** Sets a field the way typing would: through the element's own value setter, then `input` and `change`. */
function apply(field: Field, entry: Entry): void {
  if (entry.checked !== undefined && field instanceof HTMLInputElement) {
    if (field.checked !== entry.checked) field.click();
    return;
  }
  if (entry.value === undefined) return;
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, entry.value);
  else field.value = entry.value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The n-th form of a page, and its submitter by key, to send again after the take-over. */
interface PendingSubmit {
  form: number;
  submitter: string | null;
}

/**
 * Holds a prerendered page in `container` until the app takes it over: from now on, a form the visitor
 * sends is remembered. `takeOver(render)` replaces the markup with the app (`render` draws it
 * synchronously), carries over what was typed and the focus, and sends the remembered form again.
 */
export function holdPrerendered(container: HTMLElement): PrerenderedHold {
  const held = holds.get(container);
  if (held) return held;
  const hold = startHold(container);
  holds.set(container, hold);
  return hold;
}

export interface PrerenderedHold {
  takeOver(render: () => void): void;
}

/**
 * The hold of each container: the page's entry (boot.ts) starts it before the first paint, so what the visitor
 * does before the app's modules have even arrived is kept too; main.tsx takes the same hold over.
 */
const holds = new WeakMap<HTMLElement, PrerenderedHold>();

function startHold(container: HTMLElement): PrerenderedHold {
  let pending: PendingSubmit | null = null;
  const pressed: string[] = [];
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.type === 'button' && !button.disabled && container.contains(button)) pressed.push(buttonKey(container, button));
  };
  container.addEventListener('click', onClick);
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLButtonElement || event.submitter instanceof HTMLInputElement ? event.submitter : null;
    pending = { form: [...container.querySelectorAll('form')].indexOf(form), submitter: submitter ? submitterKey(submitter) : null };
  };
  container.addEventListener('submit', onSubmit);
  return {
    takeOver(render) {
      holds.delete(container);
      container.removeEventListener('submit', onSubmit);
      container.removeEventListener('click', onClick);
      const typed = capture(container);
      container.replaceChildren();
      container.removeAttribute('data-prerendered');
      render();
      const fields = new Map(fieldsIn(container).map(({ field, key }) => [key, field]));
      for (const entry of typed.entries) {
        const field = fields.get(entry.key);
        if (field) apply(field, entry);
      }
      const focused = typed.focused === null ? undefined : fields.get(typed.focused);
      if (focused) {
        focused.focus({ preventScroll: true });
        if (typed.selection && (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)) {
          try {
            focused.setSelectionRange(...typed.selection);
          } catch {
            /* no selection API on this type */
          }
        }
      }
      for (const key of pressed) findButton(container, key)?.click();
      if (pending) resubmit(container, pending);
    },
  };
}

/** A button by its label and its place among the buttons of that label. */
function buttonKey(container: HTMLElement, button: HTMLButtonElement): string {
  const label = (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
  const same = [...container.querySelectorAll('button')].filter((other) => (other.getAttribute('aria-label') ?? other.textContent ?? '').trim() === label);
  return `${label}|${same.indexOf(button)}`;
}

function findButton(container: HTMLElement, key: string): HTMLButtonElement | undefined {
  return [...container.querySelectorAll('button')].find((button) => button.type === 'button' && !button.disabled && buttonKey(container, button) === key);
}

const submitterKey = (button: HTMLButtonElement | HTMLInputElement) => `${button.tagName}|${button.name}|${button.textContent?.trim() ?? ''}`;

/** Sends the app's form that stands where the visitor's was, through the same button. */
function resubmit(container: HTMLElement, pending: PendingSubmit): void {
  const form = container.querySelectorAll('form')[pending.form];
  if (!form) return;
  const submitter = [...form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input[type="submit"]')].find(
    (button) => button.type === 'submit' && submitterKey(button) === pending.submitter,
  );
  form.requestSubmit(submitter ?? null);
}
