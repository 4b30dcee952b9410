import { ListenerSet, type EventBus, type EventBusListener, type EventEnvelope } from './event-bus.ts';

/** PGlite serves one process, so its events never leave it. */
export class InProcessEventBus implements EventBus {
  private readonly listeners = new ListenerSet();

  async publish(envelope: EventEnvelope): Promise<void> {
    // Delivered on the next tick, as NOTIFY would be: a publisher never waits on its sockets.
    queueMicrotask(() => this.listeners.deliver(envelope));
  }

  async publishAll(envelopes: EventEnvelope[]): Promise<void> {
    for (const envelope of envelopes) await this.publish(envelope);
  }

  subscribe(listener: EventBusListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {}
}
