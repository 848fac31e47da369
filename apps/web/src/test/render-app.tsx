import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { registerNavigator } from '@/lib/navigation';

/** Renders the whole app (providers, layout, router) at a path. */
export function renderApp(path: string, state?: unknown) {
  const url = new URL(path, 'http://localhost');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: url.pathname, search: url.search, state }],
  });
  registerNavigator((to, options) => {
    void router.navigate(to, options);
  });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, screen };
}

export function fill(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}
