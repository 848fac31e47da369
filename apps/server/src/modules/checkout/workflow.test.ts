import { describe, expect, it } from 'vitest';
import { runWorkflow } from './workflow';

/** The step runner of the money path: what runs, and what is undone when a step fails. */

function recorder() {
  const done: string[] = [];
  const errors: { step?: unknown; message: string }[] = [];
  const log = {
    error(obj: object, message?: string) {
      errors.push({ step: (obj as { step?: unknown }).step, message: message ?? '' });
    },
  };
  return { done, errors, log };
}

describe('runWorkflow', () => {
  it('runs the steps in order and answers the last result; nothing is undone', async () => {
    const { done, log } = recorder();
    const result = await runWorkflow('test', log, async (flow) => {
      const a = await flow.step(
        'a',
        async () => {
          done.push('a');
          return 1;
        },
        async () => done.push('undo a'),
      );
      const b = await flow.step(
        'b',
        async () => {
          done.push('b');
          return a + 1;
        },
        async () => done.push('undo b'),
      );
      return b * 10;
    });
    expect(result).toBe(20);
    expect(done).toEqual(['a', 'b']);
  });

  it('when a step fails, undoes the steps done before it, newest first, with their results', async () => {
    const { done, log } = recorder();
    const failure = new Error('page refused');
    const run = runWorkflow('test', log, async (flow) => {
      const a = await flow.step(
        'a',
        async () => 'order 7',
        async (r) => done.push(`undo a: ${r}`),
      );
      await flow.step('no undo', async () => done.push('no undo'));
      await flow.step(
        'b',
        async () => 'page 3',
        async (r) => done.push(`undo b: ${r}`),
      );
      await flow.step(
        'c',
        async () => {
          throw failure;
        },
        async () => done.push('undo c'),
      );
      return a;
    });
    await expect(run).rejects.toBe(failure);
    expect(done).toEqual(['no undo', 'undo b: page 3', 'undo a: order 7']);
  });

  it('an undo that fails is logged with its step; the other undos still run and the first error is answered', async () => {
    const { done, errors, log } = recorder();
    const failure = new Error('attach refused');
    const run = runWorkflow('test', log, async (flow) => {
      await flow.step(
        'a',
        async () => 1,
        async () => done.push('undo a'),
      );
      await flow.step(
        'b',
        async () => 2,
        async () => {
          throw new Error('provider down');
        },
      );
      throw failure;
    });
    await expect(run).rejects.toBe(failure);
    expect(done).toEqual(['undo a']);
    expect(errors).toEqual([{ step: 'b', message: 'undo of a step failed' }]);
  });
});
