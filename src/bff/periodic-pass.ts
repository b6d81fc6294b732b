/**
 * A check every replica runs on a timer (radar alerts, daily digests, expired approval requests):
 * one pass at a time (a call while one runs joins it), a failed pass is logged and the next tick
 * tries again, and stop() waits for the pass under way.
 */
export class PeriodicPass<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;

  constructor(
    private readonly pass: (now: Date) => Promise<T>,
    private readonly everyMs: number,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  run(now = new Date()): Promise<T> {
    this.running ??= this.pass(now).finally(() => (this.running = undefined));
    return this.running;
  }

  start(): void {
    this.timer = setInterval(() => void this.run().catch(this.onFailure), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
