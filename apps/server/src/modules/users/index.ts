/**
 * The users module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */

// The hub, checklist and dashboard pages' props (their routes are the dashboard module's).
export type { DashboardProps, LandingProps, UsersHomeProps } from './contracts';
export {
  accountNameOf,
  activeStaffEmails,
  emailTakenByAnother,
  findActiveUserByEmail,
  findActiveUserById,
  findActiveUserByMobile,
  findActiveUserByPhoto,
  findUser,
  hasAnyUser,
  idsWithRoles,
  insertUser,
  lockUser,
  mobileTakenByAnother,
  type NewUser,
  otherActiveAdmins,
  searchUserIds,
  selectWithActiveUser,
  USER_ROLES,
  type User,
  type UserListFilter,
  type UserRole,
  updateUser,
  userCards,
  userListPage,
  userNames,
} from './queries';
export { latestSignups, toAuthUser } from './service';
export { ownerColumn, users } from './tables';
