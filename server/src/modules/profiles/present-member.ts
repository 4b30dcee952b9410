import { TEXT, type MemberSummary } from '@swapyard/contract';

/** The columns of a member that any module shows beside what they did. */
export interface MemberColumns {
  id: string;
  displayName: string;
  photoUrl: string | null;
  deletedAt: Date | null;
}

/** A member who deleted their account keeps their id (their messages and ratings point at it) and nothing else. */
export function presentMember(row: MemberColumns): MemberSummary {
  if (row.deletedAt) return { id: row.id, displayName: TEXT.account.formerMember, photoUrl: null, former: true };
  return { id: row.id, displayName: row.displayName, photoUrl: row.photoUrl, former: false };
}
