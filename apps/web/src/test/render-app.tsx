import { fireEvent, render, screen } from '@testing-library/react';
import {
  unstable_HistoryRouter as HistoryRouter,
  type Location,
  UNSAFE_createMemoryHistory,
} from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

/**
 * What the tests read of the router: the location (at once after a navigation, as a data
 * router's state has it, even while the next page's code still loads), and a way to navigate.
 */
export interface TestRouter {
  readonly state: { location: Location };
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): Promise<void>;
  /** The browser's Back and Forward buttons. */
  back(): void;
  forward(): void;
  /** The position in the history: 0 for the first entry (one more for each push). */
  readonly index: number;
}

/** Renders the whole app (providers, layout, router) at a path. */
export function renderApp(path: string, state?: unknown) {
  const url = new URL(path, 'http://localhost');
  const history = UNSAFE_createMemoryHistory({
    initialEntries: [{ pathname: url.pathname, search: url.search, state }],
    v5Compat: true,
  });
  const router: TestRouter = {
    get state() {
      return { location: history.location };
    },
    async navigate(to, options) {
      if (options?.replace) history.replace(to, options.state);
      else history.push(to, options?.state);
    },
    back() {
      history.go(-1);
    },
    forward() {
      history.go(1);
    },
    get index() {
      return history.index;
    },
  };
  const view = render(
    <AppProvider>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProvider>,
  );
  return { ...view, router, screen };
}

export function fill(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

/**
 * A text matcher for text drawn in several elements (an e-mail address with its break points,
 * EmailText): the innermost element whose whole text is `text`, as a person reads it.
 */
export const wholeText = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text &&
  Array.from(element.children).every((child) => child.textContent !== text);
