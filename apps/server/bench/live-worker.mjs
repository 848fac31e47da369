// Entry of the live bench's dashboard-stream worker thread: loads live-streams.ts through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./live-streams.ts');
