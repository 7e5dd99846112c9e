import { forRequest } from '../db/database.ts';
import type { ServiceContext } from '../db/tx.ts';
import type { Job, Jobs } from './jobs.ts';

/** The running job queue (server.ts sets it); without one (tests, scripts) background work runs in this process. */
let queue: Jobs | null = null;
export const useJobQueue = (jobs: Jobs | null) => {
  queue = jobs;
};
export const jobQueue = () => queue;

/** Background work running in this process, so tests can wait for it. */
const inFlight = new Set<Promise<void>>();
export const settledBackground = () => Promise.allSettled([...inFlight]);

/**
 * Work an answer must not wait for (a mail, say): queued as a run of `job` with `data`; without a queue,
 * `here` runs detached in this process. Never throws into the caller; a failure is only logged.
 */
export async function runLater<Data extends object>(
  ctx: Pick<ServiceContext, 'log'>,
  job: Job<Data>,
  data: Data,
  here: () => Promise<unknown>,
): Promise<void> {
  try {
    if (queue) {
      await queue.send(job, data);
      return;
    }
    // Detached from the request: its queries must not be dropped when the answer has gone out.
    const running: Promise<void> = forRequest(new AbortController().signal, async () => {
      await here();
    })
      .catch((error) => ctx.log?.warn({ err: error, job: job.name }, 'background work failed'))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  } catch (error) {
    ctx.log?.warn({ err: error, job: job.name }, 'background work not queued');
  }
}
