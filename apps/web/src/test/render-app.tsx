import { fireEvent, render, screen } from '@testing-library/react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  useLocation,
  useNavigate,
} from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

/** What the tests read of the router: the current location, and a way to navigate. */
export interface TestRouter {
  readonly state: { location: Location };
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): Promise<void>;
}

/** Renders the whole app (providers, layout, router) at a path. */
export function renderApp(path: string, state?: unknown) {
  const url = new URL(path, 'http://localhost');
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  function Probe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  const router: TestRouter = {
    get state() {
      if (!location) throw new Error('The router has not rendered yet.');
      return { location };
    },
    async navigate(to, options) {
      if (!navigate) throw new Error('The router has not rendered yet.');
      await navigate(to, options);
    },
  };
  const view = render(
    <AppProvider>
      <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, state }]}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, router, screen };
}

export function fill(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}
