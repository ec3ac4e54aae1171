/**
 * The loop a queue worker in the database runs (the mail outbox, the video jobs): take what is due, and when nothing
 * was, sleep until the next item falls due (at most `pollMs`), waking at once on `wake()` (after an enqueue by this
 * process). A database error is logged and the loop sleeps as if idle. `drained()` lets a test wait for the queue to
 * be done instead of pausing.
 */
export abstract class PollingWorker {
  private running: Promise<void> | null = null;
  protected stopped = false;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  /** Claims the loop has begun, and who waits for one begun after a given count to find nothing due. */
  private claims = 0;
  private drainWaiters: { after: number; resolve: () => void }[] = [];

  constructor(private readonly loopOptions: { pollMs: number; name: string; log?: (level: 'error', message: string, detail?: unknown) => void }) {}

  /** One claim and its work: whether it should go on at once (it took a full batch, or any job), and whether it found nothing. */
  protected abstract takeDue(): Promise<{ again: boolean; none: boolean }>;
  /** How long until the next item falls due, if any. */
  protected abstract msUntilNextDue(): Promise<number | null>;
  /** Work of the idle loop beside the queue (the mail worker blanks old bodies). */
  protected async whenIdle(): Promise<void> {}
  /** Called first by stop(): abandon the work in hand (the video worker kills ffmpeg). */
  protected interrupt(): void {}

  start(): void {
    if (this.running) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /** Look for due work now (called right after an enqueue). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Resolves once a claim begun after this call finds nothing due: every item due before it has been done, failed or
   * put off to a retry, and none is in hand. Wakes the worker to look now; never resolves while it is stopped.
   */
  drained(): Promise<void> {
    return new Promise((resolve) => {
      this.drainWaiters.push({ after: this.claims, resolve });
      this.wake();
    });
  }

  /** Finishes (or, where `interrupt` says so, abandons) the work in hand, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.interrupt();
    this.wakeUp?.();
    await this.running;
    this.running = null;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let sleepMs = this.loopOptions.pollMs;
      try {
        this.woken = false;
        const claim = ++this.claims;
        const { again, none } = await this.takeDue();
        if (none) {
          const done = this.drainWaiters.filter((waiter) => waiter.after < claim);
          this.drainWaiters = this.drainWaiters.filter((waiter) => waiter.after >= claim);
          done.forEach((waiter) => waiter.resolve());
        }
        if (again) continue;
        const dueIn = await this.msUntilNextDue();
        if (dueIn !== null) sleepMs = Math.min(sleepMs, dueIn + 5);
        await this.whenIdle();
      } catch (error) {
        this.loopOptions.log?.('error', `${this.loopOptions.name}: database error`, error);
      }
      if (this.stopped || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, sleepMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }
}
