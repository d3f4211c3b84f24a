/** Work run at most once at a time, however often it is asked for. */
export interface CoalescedRun {
  /**
   * Asks for a run: one starts now when none is under way; asked during a run, one more runs after it, and every
   * ask during that run is answered by that one more run (never a queue).
   */
  request(): void;
  /** Resolves once no run is under way or asked for. */
  idle(): Promise<void>;
}

/**
 * Runs `run` on request, never two at once. An ask that comes while a run is under way may concern something the
 * run has already read past (a tick batch published after the run priced the market), so it is not dropped: it
 * schedules exactly one more run after the current one, which covers every ask made meanwhile. A run that fails is
 * reported to `onError` and does not stop later runs.
 */
export function createCoalescedRun(run: () => Promise<void>, onError: (error: unknown) => void): CoalescedRun {
  let under: Promise<void> | undefined;
  let again = false;

  async function loop(): Promise<void> {
    for (;;) {
      again = false;
      try {
        await run();
      } catch (error) {
        onError(error);
      }
      // Decided and cleared in one step: an ask arriving after this starts a new run instead of being lost.
      if (!again) {
        under = undefined;
        return;
      }
    }
  }

  return {
    request() {
      if (under) {
        again = true;
        return;
      }
      // Started from a microtask, so the caller never runs the work inside its own call, and `under` is set before
      // the run begins (an ask made from inside the run coalesces too).
      under = Promise.resolve().then(loop);
    },
    async idle() {
      while (under) await under;
    },
  };
}
