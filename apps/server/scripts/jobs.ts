import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createJobRunner } from '../src/jobs/job-runner';
import { jobCounts, parkedJobs, replayJob } from '../src/modules/ops';

/**
 * `npm run jobs -- list | failed | retry <queue> <id>`: the operator's view of the durable
 * jobs (decision 0020) from a shell, on the database of the server's own settings
 * (DATABASE_URL, or the embedded database in DATA_DIR/db). The HTTP calls under `/ops/jobs/`
 * answer the same from a running server.
 *
 * The embedded PGlite database takes one process at a time: stop the server first (or use
 * the HTTP calls). On PostgreSQL the server may run meanwhile; a replayed job is taken by its
 * workers at their next poll.
 */

const USAGE = `Usage: npm run jobs -- <command>
  list                 jobs per queue: waiting (created), to retry, running (active), parked (failed)
  failed               the parked jobs, the latest first, with a summary of their data
                       (ids and numbers; a mail's masked recipient and subject) and last error
  retry <queue> <id>   replays a parked job`;

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || !['list', 'failed', 'retry'].includes(command)) {
    console.error(USAGE);
    return 64;
  }
  if (command === 'retry' && args.length !== 2) {
    console.error(USAGE);
    return 64;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78;
    }
    throw error;
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: 2,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  const jobs = createJobRunner({
    executeSql: database.executeSql,
    log: pino({ level: 'silent' }),
    pollSeconds: config.jobsPollSeconds,
    workers: false,
  });
  try {
    await database.migrate();
    await jobs.start();
    if (command === 'list') {
      const rows = await jobCounts(jobs);
      console.log(['queue', 'created', 'retry', 'active', 'failed'].join('\t'));
      for (const r of rows) {
        console.log([r.queue, r.created, r.retry, r.active, r.failed].join('\t'));
      }
    } else if (command === 'failed') {
      const rows = await parkedJobs(jobs);
      if (!rows.length) console.log('No parked jobs.');
      for (const job of rows) {
        console.log(
          `${job.queue} ${job.id}  parked ${job.failed_at ?? '?'} after ${job.attempts} attempt(s)`,
        );
        console.log(`  data:  ${JSON.stringify(job.data)}`);
        console.log(`  error: ${job.error ?? '(none)'}`);
      }
    } else {
      const [queue, id] = args as [string, string];
      if (!/^[0-9a-f-]{36}$/i.test(id)) {
        console.error(`Not a job id: ${id}`);
        return 64;
      }
      try {
        await replayJob(jobs, queue, id);
        console.log(`Replayed ${queue} ${id}: its workers take it at their next poll.`);
      } catch (error) {
        console.error((error as Error).message);
        return 1;
      }
    }
    return 0;
  } finally {
    await jobs.stop();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
