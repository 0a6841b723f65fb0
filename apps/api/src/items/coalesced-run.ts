/**
 * Work asked for again and again that runs at most once at a time: requests made in the same tick, or
 * while a run is under way, fold into the run under way or the next one. `run` itself loops while its
 * caller's own flags say there is more to do (live-list-hub.ts), so a request is never lost.
 */
export function coalescedRun(run: () => Promise<void>) {
  let isScheduled = false;
  let isRunning = false;

  async function runOnce() {
    isRunning = true;
    try {
      await run();
    } finally {
      isRunning = false;
    }
  }

  return {
    /** Runs after the current tick, unless a run is scheduled or under way (it sees the request). */
    request() {
      if (isScheduled || isRunning) return;
      isScheduled = true;
      setImmediate(() => {
        isScheduled = false;
        void runOnce();
      });
    },
  };
}

export type CoalescedRun = ReturnType<typeof coalescedRun>;
