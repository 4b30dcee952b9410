import { serverEvent, type ServerEvent } from '@swapyard/contract';

/** A socket message as the contract's event, or undefined for anything else. Loaded lazily: it needs zod. */
export function parseServerEvent(data: unknown): ServerEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = serverEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
