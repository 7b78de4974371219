/**
 * The activity module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */

export { subjectPageOf } from './audit-subject-names';
export { type AuditFormat, auditField, auditSubject } from './audit-subjects';
export type { PanelActivityShowProps } from './contracts';
export { activityLabel } from './event-labels';
export {
  type ActivityInput,
  deletedSubjects,
  distinctActorsSince,
  eventsByDay,
  findActivityForActor,
  findActivityForSubject,
  findSubjectEvents,
  type RequestContext,
  recordActivity,
  type StaffActivityFilter,
  staffActivityExport,
  staffActivityPage,
  staffActors,
} from './service';
export { type AuditActor, type AuditChange, MASKED, recordStaffAction } from './staff-audit';
export type { ActivitySubjectKind } from './subjects';
