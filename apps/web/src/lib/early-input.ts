/**
 * A choice made on the server's HTML before React has hydrated that part of the page.
 *
 * React listens from the moment hydration starts, but an event aimed at a part it cannot
 * hydrate yet (the page's code still arriving) is stopped and dropped: a shopper who picks
 * a category in the first second sees the select changed and nothing else — the URL, the
 * list and React's state never hear of it. This keeps such events and plays them again,
 * once React takes them: a select's or checkbox's `change`, a text field's `input` and a
 * click on a button that submits no form.
 *
 * And one race of the same moment: a select's `input` event can hydrate the page, whose
 * next render puts the select back before its `change` event arrives; the choice is kept.
 *
 * How a dropped event is told from a delivered one: one listener on the window in the
 * capture phase (before React's, on the root) notes the event, one in the bubble phase
 * crosses it off. React stops what it cannot deliver at the root, so only those stay noted.
 */

type Kind = 'change' | 'input' | 'click';

interface Pending {
  kind: Kind;
  target: HTMLElement;
  /** What the field held when the event came (a render may reset it before the replay). */
  value?: string;
  checked?: boolean;
}

const KINDS: readonly Kind[] = ['change', 'input', 'click'];
/** How often a kept event is offered to React again, and for how long at most. */
const RETRY_MS = 50;
const GIVE_UP_MS = 15_000;

/** The element an event of this kind can be replayed on, or null (kept out: not ours to redo). */
function replayable(kind: Kind, target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof HTMLElement)) return null;
  if (kind === 'click') {
    const button = target.closest('button');
    // A submit button's click also submitted its form: replaying it would submit it twice.
    return button && (button.form === null || button.type === 'button') ? button : null;
  }
  if (target instanceof HTMLSelectElement) return kind === 'change' ? target : null;
  if (target instanceof HTMLTextAreaElement) return kind === 'input' ? target : null;
  if (isToggle(target)) return kind === 'change' ? target : null;
  if (target instanceof HTMLInputElement) return kind === 'input' ? target : null;
  return null;
}

/** A checkbox or radio button: its state is `checked`, not `value`. */
function isToggle(element: HTMLElement): element is HTMLInputElement {
  return (
    element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')
  );
}

/** Sets a field's value or checkedness beneath React's notice (its tracker keeps the old). */
function setNatively(field: HTMLElement, property: 'value' | 'checked', to: string | boolean) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set;
  if (setter) setter.call(field, to);
  else Object.assign(field, { [property]: to });
}

/**
 * The event to dispatch again, the field put back as the shopper left it. React tells a
 * changed text field by comparing its value with the one it last saw: the value is first
 * set through React's own setter (when it has one) to something else, then put back natively.
 */
function replayEvent({ kind, target, value, checked }: Pending): Event {
  if (kind === 'click') return new MouseEvent('click', { bubbles: true, cancelable: true });
  if (kind === 'input' && value !== undefined) {
    (target as HTMLInputElement).value = value === '' ? ' ' : '';
    setNatively(target, 'value', value);
    return new Event('input', { bubbles: true });
  }
  if (checked !== undefined) {
    // React hears a checkbox by its click: set back (through React's setter), the click's
    // own toggle puts the shopper's choice again, which React then sees as a change.
    (target as HTMLInputElement).checked = !checked;
    return new MouseEvent('click', { bubbles: true, cancelable: true });
  }
  if (value !== undefined) {
    setNatively(target, 'value', value);
  }
  return new Event('change', { bubbles: true });
}

/** The field's state as the event left it (replayable elements only: no state on a button). */
function stateOf(target: HTMLElement): Pick<Pending, 'value' | 'checked'> {
  if (isToggle(target)) return { checked: target.checked };
  if (target instanceof HTMLButtonElement) return {};
  return { value: (target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement).value };
}

/** After the page's code has arrived, how long new events are still watched. */
const WATCH_AFTER_READY_MS = 2_000;

/**
 * Starts keeping dropped input inside `root` and replaying it; call before hydration starts.
 * New events are watched until `WATCH_AFTER_READY_MS` after `ready` (the page's code loaded)
 * settles; what was kept is replayed until React takes it. Returns a function that stops
 * at once.
 */
export function replayEarlyInput(
  root: HTMLElement,
  ready: Promise<unknown>,
  win: Window = window,
): () => void {
  const noted = new Set<Event>();
  const sorting: Event[] = [];
  const pending: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retriesSince = 0;

  // The dispatches are over when this runs: what is still noted was stopped.
  const sort = () => {
    for (const event of sorting.splice(0)) {
      if (!noted.delete(event)) continue;
      const target = replayable(event.type as Kind, event.target);
      if (!target) continue;
      // The last of each kind per element is what counts (a field's final text, a choice).
      const same = pending.findIndex((p) => p.target === target && p.kind === event.type);
      if (same >= 0) pending.splice(same, 1);
      pending.push({ kind: event.type as Kind, target, ...stateOf(target) });
    }
    if (pending.length > 0) schedule();
  };
  // A select's choice as its `input` event found it. That event can hydrate the page, and a
  // render right after (the account known, say) sets the select back to its state before the
  // `change` event — the one React hears — comes. The shopper's choice is put back first.
  const chosen = new WeakMap<HTMLSelectElement, string>();
  const keepChoice = (event: Event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement)) return;
    if (event.type === 'input') chosen.set(select, select.value);
    else if (event.type === 'change') {
      const choice = chosen.get(select);
      chosen.delete(select);
      if (choice !== undefined && select.value !== choice) setNatively(select, 'value', choice);
    }
  };

  const onCapture = (event: Event) => {
    if (!root.contains(event.target as Node)) return;
    keepChoice(event);
    noted.add(event);
    if (sorting.push(event) === 1) setTimeout(sort, 0);
  };
  const onBubble = (event: Event) => {
    noted.delete(event);
  };

  function schedule() {
    if (timer !== undefined) return;
    retriesSince = 0;
    timer = setTimeout(flush, RETRY_MS);
  }

  function flush() {
    timer = undefined;
    while (pending.length > 0) {
      const next = pending[0]!;
      if (!next.target.isConnected) {
        pending.shift();
        continue;
      }
      const event = replayEvent(next);
      noted.add(event);
      next.target.dispatchEvent(event);
      if (noted.delete(event)) break; // stopped again: React is not ready for it yet
      pending.shift();
    }
    if (pending.length === 0) return;
    retriesSince += RETRY_MS;
    if (retriesSince >= GIVE_UP_MS) {
      pending.length = 0;
      return;
    }
    timer = setTimeout(flush, RETRY_MS);
  }

  const unwatch = () => {
    for (const kind of KINDS) {
      win.removeEventListener(kind, onCapture, true);
      win.removeEventListener(kind, onBubble, false);
    }
  };
  for (const kind of KINDS) {
    win.addEventListener(kind, onCapture, true);
    win.addEventListener(kind, onBubble, false);
  }
  const settle = () => setTimeout(unwatch, WATCH_AFTER_READY_MS);
  ready.then(settle, settle);
  return () => {
    unwatch();
    if (timer !== undefined) clearTimeout(timer);
    pending.length = 0;
  };
}
