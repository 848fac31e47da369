/**
 * The mail module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */

export { MAIL_QUEUE, queueMail } from './mail-jobs';
export { mailWorkers } from './mail-workers';
