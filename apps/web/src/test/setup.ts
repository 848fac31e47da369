import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Route pages load lazily; the first import of a page is transformed on demand, which can
// take more than the default 1 s on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
