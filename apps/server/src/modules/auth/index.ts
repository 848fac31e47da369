/**
 * The auth module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */

export type { ActiveUsers } from './active-users';
export { createActiveUsers, onUsersNotice, USERS_CHANNEL } from './active-users';
export { authenticate, bearerSecurity, requireUser, sessionHolds } from './auth.guard';
export {
  deleteUser,
  emailTakenByOther,
  findUserById,
  uniqueViolation,
  updateEmail,
  updateName,
} from './auth.repo';
export { authRoutes } from './auth.routes';
export { changePassword, emailTaken, resetLink } from './auth.service';
export { hashPassword, verifyPassword } from './password';
