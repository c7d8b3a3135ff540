import { PassThrough } from "node:stream";
import { GENERATION_FIDELITY_MESSAGES, GENERATION_JOB_MESSAGES, GENERATOR_MESSAGES } from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import { historyService } from "../history/service.js";
import { balanceOf, isActive, type JobRow, jobsRepo, toJobDto } from "./repo.js";
import type { GenerationWorker, JobSignal } from "./worker.js";

/** How often a stream re-reads the row (it gets live signals too when the job runs in this process). */
const POLL_MS = 1000;

/**
 * NDJSON view of a job, re-attachable from any tab or instance: a first `job` snapshot (with the HTML so far),
 * `html` deltas while the job runs here, a `job` event on every change, then `done` / `error` / `cancelled`.
 * `legacy` is the older POST /api/generate shape: it starts with `start` and ends with `done` / `error`.
 */
export function streamJob(
  ctx: AppContext,
  worker: GenerationWorker,
  opts: { jobId: string; userId: string; legacy?: { balance: number } },
): PassThrough {
  const stream = new PassThrough();
  let closed = false;
  let lastUpdated = "";
  let poll: NodeJS.Timeout | undefined;
  const write = (event: unknown) => {
    if (!closed && !stream.destroyed && stream.writable) stream.write(`${JSON.stringify(event)}\n`);
  };
  const cleanup = () => {
    if (closed) return;
    closed = true;
    worker.bus.off(opts.jobId, onSignal);
    if (poll) clearInterval(poll);
  };
  let finishing = false;
  const finish = async (row: JobRow) => {
    if (finishing || closed) return;
    finishing = true;
    try {
      const balance = await balanceOf(ctx.db, opts.userId);
      const job = toJobDto(row);
      if (row.status === "succeeded" && row.templateId) {
        const template = await historyService.fullById(ctx, row.templateId, opts.userId);
        // Below the threshold after the repair pass, a result is never announced as a success.
        const f = row.fidelity;
        const message = !f?.belowThreshold
          ? GENERATOR_MESSAGES.generated
          : row.engine === "model"
            ? GENERATION_FIDELITY_MESSAGES.belowThreshold(f.score, f.threshold)
            : GENERATION_FIDELITY_MESSAGES.belowThresholdReader(f.score, f.threshold);
        write({ type: "done", job, template, balance, message });
      } else if (row.status === "cancelled" && !opts.legacy) {
        write({ type: "cancelled", job, balance, message: GENERATION_JOB_MESSAGES.cancelled });
      } else {
        write({
          type: "error",
          job,
          code: row.errorCode ?? "FAILED",
          message: row.errorMessage ?? GENERATION_JOB_MESSAGES.cancelled,
          refunded: row.refunded,
          balance,
        });
      }
    } catch (err) {
      ctx.log.error({ err, jobId: row.id }, "generation stream could not finish");
    } finally {
      cleanup();
      stream.end();
    }
  };
  const onRow = (row: JobRow, withPreview: boolean) => {
    const stamp = `${row.updatedAt.toISOString()}|${row.status}|${row.stage}|${row.progress}`;
    if (isActive(row)) {
      if (stamp !== lastUpdated) write({ type: "job", job: toJobDto(row, { preview: withPreview }) });
      lastUpdated = stamp;
      return;
    }
    void finish(row);
  };
  function onSignal(signal: JobSignal) {
    if (signal.type === "html") write({ type: "html", delta: signal.delta });
    else onRow(signal.row, false);
  }

  stream.on("close", cleanup);
  // Subscribe first, then read: a change between the two is not lost.
  worker.bus.on(opts.jobId, onSignal);
  if (opts.legacy) write({ type: "start", generationId: opts.jobId, balance: opts.legacy.balance });
  void (async () => {
    const row = await jobsRepo.find(ctx.db, opts.jobId);
    if (!row) {
      cleanup();
      stream.end();
      return;
    }
    onRow(row, !opts.legacy);
    poll = setInterval(() => {
      void jobsRepo
        .find(ctx.db, opts.jobId)
        .then((r) => {
          // Another instance runs it: the row is all there is (its preview stands in for the deltas).
          if (r) onRow(r, !worker.isRunningHere(opts.jobId) && !opts.legacy);
        })
        .catch(() => {});
    }, POLL_MS);
    poll.unref();
  })().catch((err) => {
    ctx.log.error({ err, jobId: opts.jobId }, "generation stream failed");
    cleanup();
    stream.end();
  });
  return stream;
}
