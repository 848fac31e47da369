/**
 * A choice made on the server's HTML before React has hydrated that part of the page.
 *
 * React listens from the moment hydration starts, but an event aimed at a part it cannot
 * hydrate yet (the page's code still arriving) is stopped and dropped: a shopper who picks
 * a category in the first second sees the select changed and nothing else — the URL, the
 * list and React's state never hear of it. This keeps such events and plays them again,
 * once React takes them: a select's or checkbox's `change`, a text field's `input`, a click
 * on a button that submits no form, and a form's submission (Enter in the search box): one
 * that nothing handled is held back from the browser's own submission and replayed.
 *
 * And one race of the same moment: a select's `input` event can hydrate the page, whose
 * next render puts the select back before its `change` event arrives; the choice is kept.
 *
 * How a dropped event is told from a delivered one: one listener on the window in the
 * capture phase (before React's, on the root) notes the event, one in the bubble phase
 * crosses it off. React stops what it cannot deliver at the root, so only those stay noted.
 */

type Kind = 'change' | 'input' | 'click' | 'submit';

interface Pending {
  kind: Kind;
  target: HTMLElement;
  /** Finds the element again when React rendered its part anew instead of hydrating it. */
  find: () => HTMLElement | null;
  /** What the field held when the event came (a render may reset it before the replay). */
  value?: string;
  checked?: boolean;
}

const KINDS: readonly Kind[] = ['change', 'input', 'click', 'submit'];
/** How often a kept event is offered to React again, and for how long at most. */
const RETRY_MS = 50;
const GIVE_UP_MS = 15_000;

/** The element an event of this kind can be replayed on, or null (kept out: not ours to redo). */
function replayable(kind: Kind, target: EventTarget | null): HTMLElement | null {
  if (kind === 'click') {
    // The tap may land on the button's icon (an SVG element, not an HTML one).
    const button = target instanceof Element ? target.closest('button') : null;
    // A submit button's click also submitted its form: replaying it would submit it twice.
    return button && (button.form === null || button.type === 'button') ? button : null;
  }
  if (!(target instanceof HTMLElement)) return null;
  if (kind === 'submit') return target instanceof HTMLFormElement ? target : null;
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
  if (kind === 'submit') return new Event('submit', { bubbles: true, cancelable: true });
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

/**
 * Whether a choice is still the field's after its replay. React runs the renders it has
 * waiting before it hands an event on (a signed-in header's, just after hydration): one of
 * them can set a select or a checkbox back to its state before the handler reads the field,
 * and the choice then came to nothing — to be played again, not counted as taken.
 */
function stillChosen({ target, value, checked }: Pending): boolean {
  if (isToggle(target)) return target.checked === checked;
  if (target instanceof HTMLSelectElement) return target.value === value;
  return true;
}

/** The field's state as the event left it (replayable elements only: no state on a button). */
function stateOf(target: HTMLElement): Pick<Pending, 'value' | 'checked'> {
  if (isToggle(target)) return { checked: target.checked };
  if (target instanceof HTMLButtonElement) return {};
  return { value: (target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement).value };
}

/**
 * How to find an element again in `root` after React replaced its part of the page (a part
 * that received an update before it was hydrated is rendered anew on the client: the same
 * components, so the same shape, new nodes): by its id, else by its path of child positions,
 * the tag names along it checked.
 */
function finder(root: HTMLElement, element: HTMLElement): () => HTMLElement | null {
  const steps: Array<{ index: number; tag: string }> = [];
  for (let node: HTMLElement | null = element; node && node !== root; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) return () => null;
    steps.unshift({
      index: Array.prototype.indexOf.call(parent.children, node),
      tag: node.tagName,
    });
  }
  const { id } = element;
  return () => {
    if (element.isConnected) return element;
    const byId = id ? document.getElementById(id) : null;
    if (byId && byId.tagName === element.tagName && root.contains(byId)) return byId;
    let node: Element | undefined = root;
    for (const step of steps) {
      node = node?.children[step.index];
      if (!node || node.tagName !== step.tag) return null;
    }
    return node instanceof HTMLElement ? node : null;
  };
}

/** After the page's code has arrived, how long new events are still watched. */
const WATCH_AFTER_READY_MS = 2_000;

/** The watch over a page's early input (one per page load). */
export interface EarlyInput {
  /**
   * React listens from now on (hydration has started): what it then stops was dropped, what
   * was kept is offered to it. Watching new events ends `WATCH_AFTER_READY_MS` after `ready`
   * (the page's code loaded) settles.
   */
  reactListens(ready: Promise<unknown>): void;
  /** Stops at once, forgetting what was kept (the page is rendered anew, not hydrated). */
  stop(): void;
}

let current: EarlyInput | undefined;

/** The watch started for this page, if any (the boot script starts it on a rendered page). */
export function earlyInput(): EarlyInput | undefined {
  return current;
}

/**
 * Starts keeping input inside `root` — everything until React listens, then what React
 * drops — and replaying it once React takes it. Call before the server's HTML can be used.
 */
export function watchEarlyInput(root: HTMLElement, win: Window = window): EarlyInput {
  if (current) return current;
  let listening = false;
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
      if (target) keep(event.type as Kind, target);
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

  const keep = (kind: Kind, target: HTMLElement) => {
    // The last of each kind per element is what counts (a field's final text, a choice).
    const same = pending.findIndex((p) => p.target === target && p.kind === kind);
    if (same >= 0) pending.splice(same, 1);
    pending.push({ kind, target, find: finder(root, target), ...stateOf(target) });
  };
  // A submission is told by its outcome: React's handlers prevent the browser's own; one
  // that reaches the window unprevented found no handler (React not there yet).
  const replayed = new WeakSet<Event>();
  const unhandled = new WeakSet<Event>();
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !root.contains(form)) {
      return;
    }
    event.preventDefault();
    if (replayed.has(event)) unhandled.add(event);
    else note(event); // kept in its turn among the others (after the text typed before it)
  };

  function note(event: Event) {
    noted.add(event);
    if (sorting.push(event) === 1) setTimeout(sort, 0);
  }
  const onCapture = (event: Event) => {
    if (event.type === 'submit' || !root.contains(event.target as Node)) return;
    keepChoice(event);
    note(event);
  };
  // Before React listens nothing takes an event: all are kept.
  const onBubble = (event: Event) => {
    if (event.type === 'submit') onSubmit(event);
    else if (listening) noted.delete(event);
  };

  function schedule() {
    if (timer !== undefined) return;
    retriesSince = 0;
    timer = setTimeout(flush, RETRY_MS);
  }

  function flush() {
    timer = undefined;
    if (!listening) {
      timer = setTimeout(flush, RETRY_MS);
      return;
    }
    // Gone with no equivalent in the page: dropped.
    let target: HTMLElement | null = null;
    while (pending[0] && !target) {
      target = pending[0].find();
      if (!target) pending.shift();
    }
    const next = pending[0];
    if (!next || !target) return;
    next.target = target;
    const event = replayEvent(next);
    noted.add(event);
    replayed.add(event);
    next.target.dispatchEvent(event);
    const taken =
      next.kind === 'submit' ? !unhandled.has(event) : !noted.has(event) && stillChosen(next);
    noted.delete(event);
    if (taken) {
      // One per turn: React renders what this one changed before the next (a search's text
      // before its submission) is played.
      pending.shift();
      retriesSince = 0;
      if (pending.length > 0) timer = setTimeout(flush, 0);
      return;
    }
    // Not taken: React is not ready for it yet.
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
  const watch: EarlyInput = {
    reactListens(ready) {
      if (listening) return;
      listening = true;
      const settle = () => setTimeout(unwatch, WATCH_AFTER_READY_MS);
      ready.then(settle, settle);
    },
    stop() {
      unwatch();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending.length = 0;
      if (current === watch) current = undefined;
    },
  };
  current = watch;
  return watch;
}
