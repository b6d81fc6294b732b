import { DECLARATION_SEARCH_MAX_LIMIT, type Declaration, type DeclarationSummary } from '../../contract/declarations.js';
import { declarationEventDataSchema, type EventEnvelope } from '../../contract/events.js';
import type { DeclarationDescription, DeclarationFactsRepository } from '../store/declaration-facts.js';
import type { MetaRepository } from '../store/meta.js';

/** bff_meta key: when the backfill from the service's search finished (ISO time); absent until it has. */
export const BACKFILLED_AT = 'dashboard.backfilledAt';
/** Declarations described per round (one read each). */
const DESCRIBE_BATCH = 20;

export interface FactsRecorderDeps {
  facts: DeclarationFactsRepository;
  meta: MetaRepository;
  /** GET /v1/declarations/{id}; null when the service no longer has it. */
  readDeclaration: (declarationId: string, signal: AbortSignal) => Promise<Declaration | null>;
  /** One page of the search over every declaration. */
  searchPage: (offset: number, signal: AbortSignal) => Promise<DeclarationSummary[]>;
  /** Runs `work` on one replica at a time (the deployment-wide backfill lock). */
  exclusively: <T>(work: () => Promise<T>, signal: AbortSignal) => Promise<T>;
  log: (level: 'info' | 'warn', message: string, detail: Record<string, unknown>) => void;
}

const describe = (d: DeclarationSummary, office: string | null): DeclarationDescription => ({
  declarationId: d.declarationId,
  lrn: d.lrn,
  customsFlow: d.customsFlow,
  jurisdiction: d.jurisdiction,
  direction: d.direction,
  office,
  currentStatus: d.currentStatus,
  creationDate: d.creationDate,
  declarationDate: d.declarationDate,
  lastUpdated: d.lastUpdated,
});

/**
 * Keeps the dashboard's facts: each status event is recorded as it is stored (once per event id
 * across replicas); a declaration first seen in an event is read once for what events do not carry
 * (direction, office, creation); what happened before the console followed the tenant comes from
 * one walk of the service's search per deployment (partial: the search tells the creation,
 * acceptance and last change, not each change between them).
 */
export class FactsRecorder {
  private readonly stopped = new AbortController();
  private describing: Promise<void> | undefined;
  private again = false;
  private backfilling: Promise<void> | undefined;
  private readingOffices: Promise<void> | undefined;
  /** Declarations the service did not have when read: not read again by this process. */
  private readonly unreadable = new Set<string>();
  private pending: Promise<void>[] = [];

  constructor(private readonly deps: FactsRecorderDeps) {}

  /** A newly stored event. */
  onEvent(envelope: EventEnvelope): void {
    if (envelope.eventType !== 'DeclarationStatusChanged' || this.stopped.signal.aborted) return;
    const data = declarationEventDataSchema.safeParse(envelope.data);
    if (!data.success || !data.data.currentStatus) return;
    const d = data.data;
    const status = d.currentStatus;
    if (!status) return;
    const write = this.deps.facts
      .recordStatus({
        declarationId: d.id,
        status,
        atMs: Date.parse(envelope.eventTime),
        lrn: d.lrn,
        customsFlow: d.customsFlow,
        jurisdiction: d.jurisdiction,
      })
      .then(() => this.describeSoon())
      .catch((e: unknown) =>
        this.deps.log('warn', 'dashboard: status change not recorded', {
          declarationId: d.id,
          error: e instanceof Error ? e.message : String(e),
        }),
      );
    this.pending.push(write);
    void write.finally(() => (this.pending = this.pending.filter((p) => p !== write)));
  }

  /** Resolves when the recorded events are written and described (tests). */
  async idle(): Promise<void> {
    while (this.pending.length || this.describing) await Promise.all([...this.pending, this.describing]);
  }

  private describeSoon(): void {
    if (this.describing) {
      this.again = true;
      return;
    }
    this.describing = this.describeAll().finally(() => {
      this.describing = undefined;
      if (this.again && !this.stopped.signal.aborted) {
        this.again = false;
        this.describeSoon();
      }
    });
  }

  private async describeAll(): Promise<void> {
    const signal = this.stopped.signal;
    try {
      for (;;) {
        const ids = (await this.deps.facts.undescribed(DESCRIBE_BATCH + this.unreadable.size))
          .filter((id) => !this.unreadable.has(id))
          .slice(0, DESCRIBE_BATCH);
        if (!ids.length || signal.aborted) return;
        for (const id of ids) {
          const d = await this.deps.readDeclaration(id, signal);
          if (d === null) this.unreadable.add(id);
          else await this.deps.facts.describe(describe(d, d.singleAdministrativeDocument.declarationOfficeCode ?? null));
        }
      }
    } catch (e) {
      if (!signal.aborted)
        this.deps.log('warn', 'dashboard: declarations not described', { error: e instanceof Error ? e.message : String(e) });
    }
  }

  /**
   * Walks the service's search once per deployment (the first replica to get the lock; later
   * starts see it done), adding the declarations events have not told of. Resolves when done.
   */
  backfill(): Promise<void> {
    this.backfilling ??= this.runBackfill();
    return this.backfilling;
  }

  private async runBackfill(): Promise<void> {
    const signal = this.stopped.signal;
    try {
      await this.deps.exclusively(async () => {
        if ((await this.deps.meta.get(BACKFILLED_AT)) !== undefined) return;
        let found = 0;
        const added: string[] = [];
        for (let offset = 0; ; offset += DECLARATION_SEARCH_MAX_LIMIT) {
          const page = await this.deps.searchPage(offset, signal);
          found += page.length;
          for (const d of page) if (await this.deps.facts.backfill(describe(d, null))) added.push(d.declarationId);
          if (page.length < DECLARATION_SEARCH_MAX_LIMIT) break;
        }
        await this.deps.meta.put(BACKFILLED_AT, new Date().toISOString());
        this.deps.log('info', 'dashboard facts backfilled from the search', { found, added: added.length });
        this.readingOffices = this.readOffices(added);
      }, signal);
    } catch (e) {
      // Tried again at the next start; the dashboard says the backfill has not run.
      if (!signal.aborted) this.deps.log('warn', 'dashboard backfill failed', { error: e instanceof Error ? e.message : String(e) });
    }
  }

  /**
   * The search does not tell a declaration's office: after the backfill, the replica that ran it
   * reads each declaration it added once, in the background, and records the office it has. A
   * restart before the end leaves the rest "office unknown" (the backfill runs once per deployment).
   */
  private async readOffices(ids: readonly string[]): Promise<void> {
    const signal = this.stopped.signal;
    let read = 0;
    try {
      for (const id of ids) {
        if (signal.aborted) return;
        const d = await this.deps.readDeclaration(id, signal);
        const office = d?.singleAdministrativeDocument.declarationOfficeCode ?? null;
        if (d && office) {
          await this.deps.facts.describe(describe(d, office));
          read++;
        }
      }
      this.deps.log('info', 'dashboard offices read for the backfilled declarations', { declarations: ids.length, withOffice: read });
    } catch (e) {
      if (!signal.aborted)
        this.deps.log('warn', 'dashboard offices not read', { error: e instanceof Error ? e.message : String(e), withOffice: read });
    }
  }

  /** Resolves when the offices of the backfilled declarations have been read (tests). */
  async officesRead(): Promise<void> {
    await this.backfill();
    await this.readingOffices;
  }

  async stop(): Promise<void> {
    this.stopped.abort(new Error('stopping'));
    await Promise.allSettled([this.describing, this.backfilling, this.readingOffices, ...this.pending]);
  }
}
