import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadRoute } from './app/router';

/**
 * How long the first render waits for the page's code and first-screen data. Both are on
 * their way at once (index.html preloads the code), so usually the first paint is the
 * finished page; a slow answer shows the page with skeletons instead.
 */
const FIRST_RENDER_WAIT_MS = 1000;

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');
const container = root;

const queryClient = createQueryClient();
const timeout = new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
void Promise.race([preloadRoute(window.location, queryClient), timeout]).then(() => {
  // A transition: React renders the page in short slices, keeping the main thread free for
  // input instead of blocking it for the whole first render.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    );
  });
});
