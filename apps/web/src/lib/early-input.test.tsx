import { act, lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EarlyInput, watchEarlyInput } from './early-input';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** A page like the shop's filters: a select, a search field and a button, all controlled. */
function Filters({ onChoice }: { onChoice: (what: string) => void }) {
  const [category, setCategory] = useState('');
  const [query, setQuery] = useState('');
  const [inStock, setInStock] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onChoice(`submit:${query}`);
      }}
    >
      <select
        aria-label="Category"
        value={category}
        onChange={(e) => {
          setCategory(e.target.value);
          onChoice(`category:${e.target.value}`);
        }}
      >
        <option value="">All</option>
        <option value="Home Goods">Home Goods</option>
      </select>
      <input
        aria-label="Search"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          onChoice(`search:${e.target.value}`);
        }}
      />
      <input
        type="checkbox"
        aria-label="In stock"
        checked={inStock}
        onChange={(e) => {
          setInStock(e.target.checked);
          onChoice(`in-stock:${e.target.checked}`);
        }}
      />
      <button type="button" onClick={() => onChoice('more')}>
        <svg aria-hidden="true" width="8" height="8">
          <path d="M0 0h8v8H0z" />
        </svg>
        More
      </button>
      <p data-testid="shown">{`${category}|${query}|${inStock}`}</p>
    </form>
  );
}

/** The watch as main.tsx uses it: React listens at once (hydration starts). */
function listenFrom(container: HTMLElement, code: Promise<unknown>): () => void {
  const watch = watchEarlyInput(container);
  watch.reactListens(code);
  return () => watch.stop();
}

let root: Root | undefined;
let stop: (() => void) | undefined;

/** The watch as the boot script starts it, before React listens; stopped after the test. */
function bootWatch(container: HTMLElement): EarlyInput {
  const watch = watchEarlyInput(container);
  stop = () => watch.stop();
  return watch;
}

/**
 * The app arrives after input was kept (the boot script's watch): React listens and hydrates,
 * then the page's code comes; resolves once `onChoice` has heard `choices` choices.
 */
async function appArrives(
  page: ReturnType<typeof serverPage>,
  watch: EarlyInput,
  onChoice: ReturnType<typeof vi.fn>,
  choices: number,
) {
  watch.reactListens(page.code);
  await act(async () => {
    root = hydrateRoot(page.container, page.app);
  });
  page.arrive();
  await vi.waitFor(() => expect(onChoice.mock.calls.length).toBeGreaterThanOrEqual(choices));
}
afterEach(() => {
  stop?.();
  root?.unmount();
  document.body.innerHTML = '';
});

/** The server's HTML in the document, and a page whose code arrives when `arrive` is called. */
function serverPage(onChoice: (what: string) => void) {
  const html = renderToString(
    <Suspense fallback={<p>Loading</p>}>
      <Filters onChoice={onChoice} />
    </Suspense>,
  );
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  let arrive!: () => void;
  const code = new Promise<{ default: typeof Filters }>((resolve) => {
    arrive = () => resolve({ default: Filters });
  });
  const Page = lazy(() => code);
  const app = (
    <Suspense fallback={<p>Loading</p>}>
      <Page onChoice={onChoice} />
    </Suspense>
  );
  return { container, app, code, arrive };
}

describe('input made before the page is hydrated', () => {
  it('reaches the page once its code has arrived: a select, a text field, a button', async () => {
    const onChoice = vi.fn();
    const { container, app, code, arrive } = serverPage(onChoice);
    stop = listenFrom(container, code);
    await act(async () => {
      root = hydrateRoot(container, app);
    });

    // The shopper chooses on the server's HTML; React cannot hydrate the page yet and drops it.
    const select = container.querySelector('select')!;
    select.value = 'Home Goods';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const field = container.querySelector('input')!;
    field.value = 'jar';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // A checkbox's click toggles it (the browser's part), React's part is dropped.
    container.querySelector<HTMLInputElement>('[type=checkbox]')!.click();
    container.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(onChoice).not.toHaveBeenCalled();

    arrive();
    await vi.waitFor(() => expect(onChoice).toHaveBeenCalledTimes(4));
    expect(onChoice.mock.calls.map(([what]) => what)).toEqual([
      'category:Home Goods',
      'search:jar',
      'in-stock:true',
      'more',
    ]);
    const shown = () => container.querySelector('[data-testid="shown"]')!.textContent;
    await vi.waitFor(() => expect(shown()).not.toBe('||false'));
    expect(shown()).toBe('Home Goods|jar|true');
    expect(container.querySelector<HTMLInputElement>('[type=checkbox]')!.checked).toBe(true);
  });

  it('is not played twice when React took it at once', async () => {
    const onChoice = vi.fn();
    const { container, app, code, arrive } = serverPage(onChoice);
    stop = listenFrom(container, code);
    arrive();
    await code;
    await act(async () => {
      root = hydrateRoot(container, app);
    });
    await vi.waitFor(() => expect(container.querySelector('select')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));

    container.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onChoice.mock.calls).toEqual([['more']]);
  });

  it("keeps a select's choice when a render lands between its input and change events", async () => {
    // Signed in: the page's first pass matches the server's (signed out), then re-renders at
    // once. If the select's `input` event hydrates the page, that re-render resets the
    // select to its state before the `change` event that React listens to arrives.
    const noop = () => () => {};
    function SignedInFilters({ onChoice }: { onChoice: (what: string) => void }) {
      useSyncExternalStore(
        noop,
        () => 'signed in',
        () => 'signed out',
      );
      return <Filters onChoice={onChoice} />;
    }
    const onChoice = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <Suspense fallback={<p>Loading</p>}>
        <SignedInFilters onChoice={onChoice} />
      </Suspense>,
    );
    document.body.append(container);
    let arrive!: () => void;
    const code = new Promise<{ default: typeof SignedInFilters }>((resolve) => {
      arrive = () => resolve({ default: SignedInFilters });
    });
    const Page = lazy(() => code);
    stop = listenFrom(container, code);
    await act(async () => {
      root = hydrateRoot(
        container,
        <Suspense fallback={<p>Loading</p>}>
          <Page onChoice={onChoice} />
        </Suspense>,
      );
    });
    // The code is here, React has not hydrated the page yet: the browser's two events come.
    arrive();
    await code;
    const select = container.querySelector('select')!;
    select.value = 'Home Goods';
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));

    await vi.waitFor(() => expect(onChoice).toHaveBeenCalled());
    expect(onChoice.mock.calls[0]).toEqual(['category:Home Goods']);
    expect(select.isConnected).toBe(true);
    expect(select.value).toBe('Home Goods');
  });

  it('keeps what was done before React listened at all (the app code still on its way)', async () => {
    const onChoice = vi.fn();
    const page = serverPage(onChoice);
    const { container } = page;
    // The boot script watches; the app (and React) are not loaded yet.
    const watch = bootWatch(container);
    const select = container.querySelector('select')!;
    select.value = 'Home Goods';
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    // A tap lands on the button's icon: an SVG element inside it.
    container
      .querySelector('button svg')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 120));

    await appArrives(page, watch, onChoice, 2);
    expect(onChoice.mock.calls.map(([what]) => what)).toEqual(['category:Home Goods', 'more']);
  });

  it("holds a search submitted before React listens from the browser's own submission and replays it after the text", async () => {
    const onChoice = vi.fn();
    const page = serverPage(onChoice);
    const { container } = page;
    const watch = bootWatch(container);
    const field = container.querySelector('input')!;
    field.value = 'jar';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')!.dispatchEvent(submit);
    // Nothing handled it: the browser's own submission (a page load) is held back.
    expect(submit.defaultPrevented).toBe(true);

    await appArrives(page, watch, onChoice, 2);
    // The text first, rendered, then the submission that reads it.
    expect(onChoice.mock.calls.map(([what]) => what)).toEqual(['search:jar', 'submit:jar']);
  });

  it('leaves a submission React handles alone', async () => {
    const onChoice = vi.fn();
    const { container, app, code, arrive } = serverPage(onChoice);
    stop = listenFrom(container, code);
    arrive();
    await code;
    await act(async () => {
      root = hydrateRoot(container, app);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    container
      .querySelector('form')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onChoice.mock.calls).toEqual([['submit:']]);
  });

  it('replays on the new element when React rendered the part anew instead of hydrating it', async () => {
    const onChoice = vi.fn();
    const { container, app, code, arrive } = serverPage(onChoice);
    const watch = bootWatch(container);
    const select = container.querySelector('select')!;
    select.value = 'Home Goods';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));

    // The server's nodes are thrown away: the same components, rendered on the client.
    watch.reactListens(code);
    arrive();
    await code;
    await act(async () => {
      root = createRoot(container);
      root.render(app);
    });
    await vi.waitFor(() => expect(onChoice.mock.calls.length).toBeGreaterThanOrEqual(1));
    expect(select.isConnected).toBe(false);
    expect(onChoice.mock.calls[0]).toEqual(['category:Home Goods']);
    expect(container.querySelector('select')!.value).toBe('Home Goods');
  });
});
