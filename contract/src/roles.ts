import { z } from 'zod';
import { meResponse } from './auth.ts';
import { EMAIL_MAX_LENGTH, ROLES } from './constants.ts';
import { optionalQueryText, pageQuery } from './paging.ts';
import { TEXT } from './texts.ts';

/** Registration answers with the toast to show: the first member on an empty site is told they run it. */
export const registerResponse = meResponse.extend({ message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponse>;

/** A member as the operator's Members page lists them. */
export const adminMember = z.object({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.iso.datetime(),
});
export type AdminMember = z.infer<typeof adminMember>;

/** Newest members first; `q` finds a member by part of their name or email. */
export const adminMemberListQuery = pageQuery(100, 50).extend({ q: optionalQueryText(EMAIL_MAX_LENGTH) });
export type AdminMemberListQuery = z.output<typeof adminMemberListQuery>;

export const adminMemberPage = z.object({ members: z.array(adminMember), nextCursor: z.string().nullable() });
export type AdminMemberPage = z.infer<typeof adminMemberPage>;

export const adminMemberParams = z.object({ id: z.uuid({ error: () => TEXT.roles.memberNotFound }) });

export const roleChangeBody = z.object({ role: z.enum(ROLES) });
export type RoleChangeBody = z.infer<typeof roleChangeBody>;

export const adminMemberResponse = z.object({ member: adminMember });
export type AdminMemberResponse = z.infer<typeof adminMemberResponse>;
