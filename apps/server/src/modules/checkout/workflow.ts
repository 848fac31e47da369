/**
 * Named steps with their undo, in the spirit of Medusa's workflow steps (without the
 * framework): when a step fails, the undo of every step done before it runs, newest first,
 * and the step's error goes on to the caller. A step without an undo cannot be taken back
 * (its comment says why that is fine).
 */

export interface Workflow {
  step<T>(name: string, run: () => Promise<T>, undo?: (done: T) => Promise<unknown>): Promise<T>;
}

interface Log {
  error(obj: object, msg?: string): void;
}

export async function runWorkflow<T>(
  name: string,
  log: Log,
  body: (flow: Workflow) => Promise<T>,
): Promise<T> {
  const undos: { step: string; undo: () => Promise<unknown> }[] = [];
  const flow: Workflow = {
    async step(step, run, undo) {
      const done = await run();
      if (undo) undos.push({ step, undo: () => undo(done) });
      return done;
    },
  };
  try {
    return await body(flow);
  } catch (error) {
    for (const { step, undo } of undos.reverse()) {
      try {
        await undo();
      } catch (undoError) {
        // The first error is the one the caller answers; this one needs a person.
        log.error({ err: undoError, workflow: name, step }, 'undo of a step failed');
      }
    }
    throw error;
  }
}
