import type { AttentionMachine } from '../../../components/instances/attention-types';

export interface QueueCounts {
  /** Tickets whose next move is the staff's (new, or the customer replied). */
  waiting: number;
  unassigned: number;
  /** Waiting and assigned to the viewer. */
  mine: number;
  /** Waiting longer than the late threshold (24 hours). */
  late: number;
}

export interface DepartmentQueue extends QueueCounts {
  department: string;
}

export interface StaffMember {
  id: number;
  name: string;
  role: 'care' | 'admin' | (string & {});
}

/** `care.home` (SCREENS.md §5), exactly as the server sends it. */
export interface CareHomeProps {
  queues: { by_department: DepartmentQueue[]; total: QueueCounts };
  kyc_waiting: number;
  machines: AttentionMachine[];
  staff_online: StaffMember[];
}
