import type { Database } from '../../db/client';

/**
 * A kind of record a customer's own log is also about (their machines): the module that owns the
 * record contributes it (`AppModule.activitySubjects`), so the log reads no other module's tables.
 */
export interface ActivitySubjectKind {
  /** The `subject_type` its entries carry. */
  type: string;
  /** The ids of the records of this kind the user holds. */
  ownedBy(db: Database, userId: number): Promise<number[]>;
  /** What a person calls each record (a machine's name), by id. */
  names(db: Database, ids: number[]): Promise<Map<number, string>>;
}

/** The records of each kind a user holds, for `ownActivity`. */
export type OwnedSubjects = { type: string; ids: number[] }[];
