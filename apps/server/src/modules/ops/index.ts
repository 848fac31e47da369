/**
 * The ops module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */
export { opsRoutes } from './ops.routes';
export { jobCounts, parkedJobs, replayJob } from './ops.service';
