/**
 * Work started after a response or a commit (transfers, e-mails, event deliveries) that must
 * not be lost silently: failures are logged, and `idle()` waits for everything in flight (the
 * app's onClose, and tests that assert what the work did).
 */
export interface BackgroundTasks {
  run(name: string, work: () => Promise<unknown>): void;
  idle(): Promise<void>;
}

interface Log {
  error(obj: object, msg?: string): void;
}

export function createBackgroundTasks(log: Log): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, work) {
      const task = Promise.resolve()
        .then(work)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
