import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Route pages load lazily; the first import of a page is transformed on demand, which can
// take more than the default 1 s on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// Test files share their worker (isolate: false, for speed): each starts from fresh app modules,
// so a lazy route or chart loaded by an earlier file, or a module another file mocked, does
// not leak into this one.
vi.resetModules();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
