import type { ServerEvent } from '@swapyard/contract';

/** An event and the rooms (user:<id>, session:<id>, conversation:<id>, presence:<id>) that should receive it. */
export interface EventEnvelope {
  rooms: string[];
  event: ServerEvent;
}

export interface EventBusListener {
  deliver(envelope: EventEnvelope): void;
  /** Events may have been missed (the bus lost its connection): every client must refetch. */
  resync(): void;
}

/** Services publish after commit; every instance's hub hears every event. */
export interface EventBus {
  publish(envelope: EventEnvelope): Promise<void>;
  /**
   * Several events of one change, in order, in one round trip, each heard as its own event, except
   * that PostgreSQL delivers identical payloads notified in one transaction only once: envelopes
   * equal to each other arrive once there, and every time in process.
   */
  publishAll(envelopes: EventEnvelope[]): Promise<void>;
  subscribe(listener: EventBusListener): () => void;
  close(): Promise<void>;
}

export const PRESENCE_ROOM_PREFIX = 'presence:';

export const rooms = {
  /** Every signed-in tab: marketplace-wide news such as a new listing. */
  everyone: 'everyone',
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  conversation: (id: string) => `conversation:${id}`,
  /** The tabs showing this member's presence: their conversation partners' chats (docs/decisions/030). */
  presence: (id: string) => `${PRESENCE_ROOM_PREFIX}${id}`,
};

export class ListenerSet {
  private readonly listeners = new Set<EventBusListener>();

  add(listener: EventBusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(envelope: EventEnvelope): void {
    for (const listener of this.listeners) listener.deliver(envelope);
  }

  resync(): void {
    for (const listener of this.listeners) listener.resync();
  }
}
