import type { ChatMessage } from '@swapyard/contract';
import fs from 'node:fs';
import { TEST_ORIGIN } from './build-test-app.ts';
import { png } from './images.ts';
import type { Member } from './members.ts';
import { multipart } from './multipart.ts';

/**
 * A photo sent to a conversation over real HTTP (`base`: a listening app), for tests where several
 * requests must be in flight at once, which app.inject cannot interleave with a held transaction.
 */
export async function sendPhoto(
  base: string,
  member: Member,
  conversationId: string,
  clientId: string,
): Promise<{ status: number; message?: ChatMessage }> {
  const form = multipart({ clientId, text: 'The shelf' }, [{ field: 'image', name: 'shelf.png', bytes: await png(), type: 'image/png' }]);
  const response = await fetch(`${base}/api/conversations/${conversationId}/images`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie: member.cookie, 'content-type': form.contentType },
    body: form.body,
  });
  return { status: response.status, ...((await response.json()) as { message?: ChatMessage }) };
}

/** The files in the app's uploads (a photo is two: full size and thumbnail). */
export function storedFileCount(uploadsDir: string): number {
  return fs.readdirSync(uploadsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}
