import { serverEvent } from '@swapyard/contract';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { recordStatement } from '../db/statement-count.ts';
import { ListenerSet, type EventBus, type EventBusListener, type EventEnvelope } from './event-bus.ts';

const CHANNEL = 'swapyard_events';
const MAX_PAYLOAD_BYTES = 7_900;
const MAX_RECONNECT_DELAY_MS = 10_000;

const PUBLISH_ONE = 'select pg_notify($1, $2)';
// One NOTIFY per event, in the array's order, all in one round trip.
const PUBLISH_MANY = 'select pg_notify($1, payload) from unnest($2::text[]) with ordinality as events(payload, position) order by position';

function payload(envelope: EventEnvelope): string {
  const text = JSON.stringify(envelope);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
    throw new Error(`event ${envelope.event.type} is too large for NOTIFY; send ids and read the rest back`);
  }
  return text;
}

/** LISTEN/NOTIFY: every instance on one database hears every event. */
export class PostgresEventBus implements EventBus {
  private readonly listeners = new ListenerSet();
  private readonly publisher: pg.Pool;
  private listener: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.publisher = new pg.Pool({ connectionString: url, max: 2 });
    this.publisher.on('error', (error) => log.warn({ err: error }, 'an idle event publisher connection failed'));
  }

  static async connect(url: string, log: FastifyBaseLogger): Promise<PostgresEventBus> {
    const bus = new PostgresEventBus(url, log);
    await bus.listen();
    return bus;
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    await this.notify(PUBLISH_ONE, [CHANNEL, payload(envelope)]);
  }

  async publishAll(envelopes: EventEnvelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    await this.notify(PUBLISH_MANY, [CHANNEL, envelopes.map(payload)]);
  }

  subscribe(listener: EventBusListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    await this.listener?.end().catch(() => undefined);
    await this.publisher.end();
  }

  private async notify(text: string, values: unknown[]): Promise<void> {
    recordStatement(text);
    await this.publisher.query(text, values);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'event listener connection failed; reconnecting');
      this.scheduleReconnect(0);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private receive(payload: string | undefined): void {
    try {
      const raw = JSON.parse(payload ?? '') as { rooms?: unknown; event?: unknown };
      const event = serverEvent.parse(raw.event);
      if (!Array.isArray(raw.rooms)) return;
      this.listeners.deliver({ rooms: raw.rooms.map(String), event });
    } catch (error) {
      this.log.warn({ err: error }, 'ignored an unreadable event');
    }
  }

  private scheduleReconnect(attempt: number): void {
    if (this.closed || this.reconnectTimer) return;
    const old = this.listener;
    this.listener = undefined;
    void old?.end().catch(() => undefined);
    const delay = Math.min(MAX_RECONNECT_DELAY_MS, 250 * 2 ** attempt);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.listen().then(
        // Whatever was published while we were away is gone: clients must refetch.
        () => this.listeners.resync(),
        (error: unknown) => {
          this.log.warn({ err: error }, 'event listener reconnect failed');
          this.scheduleReconnect(attempt + 1);
        },
      );
    }, delay);
  }
}
