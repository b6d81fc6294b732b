import { randomUUID } from 'node:crypto';
import type { EventEnvelope, NewEvent } from '../store/platform/events-repository.js';
import type { SandboxRepositories, SandboxStore } from '../store/sandbox-store.js';

export type { EventEnvelope, NewEvent } from '../store/platform/events-repository.js';

/** Runs inside the publishing transaction; may only write through `tx` (e.g. deliveries and their jobs), never do I/O. */
export type EventListenerIn = (tx: SandboxRepositories, event: EventEnvelope) => Promise<void>;

export interface EventBusOptions {
  store: SandboxStore;
  now?: () => Date;
}

/**
 * Publishes events. `publishIn(tx, event)` stores the event in the caller's transaction and runs
 * the `onEventIn` listeners (webhook fan-out, automatic documents) in it, so a status change, its
 * event and its deliveries commit together; a listener that throws rolls the whole publish back.
 * The event's seq (publication order) is assigned by the database.
 */
export class EventBus {
  private readonly listenersIn: EventListenerIn[] = [];
  private readonly store: SandboxStore;
  private readonly now: () => Date;

  constructor(options: EventBusOptions) {
    this.store = options.store;
    this.now = options.now ?? (() => new Date());
  }

  onEventIn(listener: EventListenerIn): void {
    this.listenersIn.push(listener);
  }

  async publishIn(tx: SandboxRepositories, event: NewEvent): Promise<EventEnvelope> {
    const envelope: EventEnvelope = {
      id: randomUUID(),
      tenantId: event.tenantId,
      eventTime: this.now().toISOString(),
      eventType: event.eventType,
      eventSubType: event.eventSubType ?? '',
      ...(event.plantId ? { plantId: event.plantId } : {}),
      data: event.data,
    };
    await tx.events.insert(envelope);
    for (const listener of this.listenersIn) await listener(tx, envelope);
    return envelope;
  }

  /** Publishes in a transaction of its own (an event that changes nothing else: tests, tools). */
  publish(event: NewEvent): Promise<EventEnvelope> {
    return this.store.transaction((tx) => this.publishIn(tx, event));
  }

  /** A stored event, as it was published (undefined when unknown or cleared by a reset). */
  get(id: string): Promise<EventEnvelope | undefined> {
    return this.store.repos.events.get(id);
  }
}

/**
 * The wire form of an event (specification, Events: Envelope): the stored event with eventTime in
 * the vendor's format, 7 fractional digits and Z (docs/service-facts.md 3.1), so receivers meet the
 * precision they will meet in production.
 */
export function wireEnvelope(event: EventEnvelope): EventEnvelope {
  return { ...event, eventTime: vendorTimestamp(event.eventTime) };
}

/** 2017-06-26T18:41:00.958Z becomes 2017-06-26T18:41:00.9580000Z; other forms pass unchanged. */
export function vendorTimestamp(iso: string): string {
  const m = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d{1,7}))?Z$/.exec(iso);
  if (!m) return iso;
  return `${m[1]}.${(m[2] ?? '').padEnd(7, '0')}Z`;
}
