import { z } from 'zod';
import { memberSummary } from './items.ts';
import { TEXT } from './texts.ts';

export const blockBody = z.object({ userId: z.uuid({ error: () => TEXT.blocks.memberRequired }) });
export type BlockBody = z.input<typeof blockBody>;

export const blockParams = z.object({ userId: z.uuid({ error: () => TEXT.profile.notFound }) });

/** A member the signed-in member blocked, and since when. */
export const blockedMember = memberSummary.extend({ blockedAt: z.iso.datetime() });
export type BlockedMember = z.infer<typeof blockedMember>;

export const blockResponse = z.object({ block: blockedMember });
export type BlockResponse = z.infer<typeof blockResponse>;

/** Newest first; a member blocks few, so the list comes whole. */
export const blockList = z.object({ blocks: z.array(blockedMember) });
export type BlockList = z.infer<typeof blockList>;
