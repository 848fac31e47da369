// Entry of the bench's load-generating worker thread: loads harness.ts through tsx, whose
// worker branch then measures the scenario given in workerData.
import { register } from 'tsx/esm/api';

register();
await import('./harness.ts');
