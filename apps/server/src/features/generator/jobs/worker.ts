import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { hostname } from "node:os";
import { GENERATOR_MESSAGES, GENERATOR_SERVER_MESSAGES, type GenerationStage } from "@mailsmith/shared";
import { generationsRepo } from "../repo.js";
import { GenerationFailure, JobAborted, type PipelineDeps, runPipeline } from "./pipeline.js";
import { endAndRefund } from "./refund.js";
import { type JobRow, jobsRepo } from "./repo.js";

/** A job whose lease expired this many times is failed and refunded instead of run again. */
export const MAX_RUNS = 2;

export interface WorkerOptions {
  /** Jobs run at the same time by this instance. */
  concurrency: number;
  /** How long a claim holds without a heartbeat. */
  leaseMs: number;
}

/** What a job tells listeners in this process (streams attached to it). */
export type JobSignal = { type: "job"; row: JobRow } | { type: "html"; delta: string };

type StopReason = "cancel" | "shutdown" | "lost" | "abandon";

/**
 * The in-process job worker: claims runnable jobs (FOR UPDATE SKIP LOCKED), keeps their lease with a
 * heartbeat, runs the pipeline and finishes, fails (refund) or releases them. Every instance runs one.
 */
export class GenerationWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Per-job signals for streams in this process (event name = job id). */
  readonly bus = new EventEmitter();
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private ticking = false;
  /** The tick in progress (resolved when none): stop() waits for it, so no claim lands after stop() returned. */
  private tickDone: Promise<void> = Promise.resolve();
  /** How the worker was last stopped: a claim that lands after a shutdown gives its job back, after a crash not. */
  private stopMode: "shutdown" | "abandon" = "shutdown";
  private again = false;
  private stopped = true;

  constructor(
    private readonly deps: PipelineDeps,
    private readonly opts: WorkerOptions,
  ) {
    this.bus.setMaxListeners(0);
  }

  /** Starts claiming; the scheduler's "generation-worker" job then polls every GENERATION_POLL_MS. */
  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.poke();
  }

  /** The scheduler's poll: looks for work and resolves when this look (and any asked for meanwhile) is over. */
  async poll(): Promise<void> {
    this.poke();
    await this.tickDone;
  }

  /** Looks for work now (after a job was created or retried here). */
  poke() {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    this.tickDone = this.tick()
      .catch((err) => this.deps.ctx.log.error({ err }, "generation worker tick failed"))
      .finally(() => {
        this.ticking = false;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** The job runs here: abort it at once (a cancel from this process). */
  abort(jobId: string, reason: StopReason = "cancel") {
    this.running.get(jobId)?.controller.abort(reason);
  }

  isRunningHere(jobId: string) {
    return this.running.has(jobId);
  }

  /**
   * Graceful: stop claiming, abort running jobs and give them back to the queue (another instance, or this one
   * after a restart, resumes them). `abandon` simulates a crash: nothing is written, leases simply expire.
   */
  async stop(opts: { abandon?: boolean } = {}) {
    this.stopped = true;
    this.stopMode = opts.abandon ? "abandon" : "shutdown";
    // A claim in flight finishes first: its job is then either in `running` (aborted below) or handled in tick().
    await this.tickDone;
    for (const { controller } of this.running.values()) controller.abort(this.stopMode);
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  private async tick() {
    const { ctx } = this.deps;
    while (!this.stopped && this.running.size < this.opts.concurrency) {
      const job = await jobsRepo.claim(ctx.db, this.id, this.opts.leaseMs);
      if (!job) return;
      if (this.stopped) {
        // Stopped while the claim was in flight: never start it. A shutdown gives it straight back to the queue;
        // a crash (abandon) writes nothing more, so its lease runs out as for any job of a dead worker.
        if (this.stopMode === "shutdown") await jobsRepo.release(ctx.db, job.id, this.id).catch(() => {});
        return;
      }
      const controller = new AbortController();
      const done = this.handle(job, controller).finally(() => {
        this.running.delete(job.id);
        this.poke();
      });
      this.running.set(job.id, { controller, done });
    }
  }

  private emit(jobId: string, signal: JobSignal) {
    this.bus.emit(jobId, signal);
  }

  private async handle(job: JobRow, controller: AbortController) {
    const { ctx } = this.deps;
    const started = Date.now();
    if (job.runs > MAX_RUNS) {
      // Its workers died twice: refund once and stop trying.
      const row = await endAndRefund(
        ctx,
        job.id,
        "failed",
        { workerId: this.id, from: ["running"] },
        { code: "INTERRUPTED", message: GENERATOR_MESSAGES.error(GENERATOR_MESSAGES.timeout) },
      );
      if (row) this.emit(job.id, { type: "job", row });
      return;
    }
    this.emit(job.id, { type: "job", row: job });
    const heartbeat = setInterval(
      () => {
        void jobsRepo
          .heartbeat(ctx.db, job.id, this.id, this.opts.leaseMs)
          .then((mine) => {
            if (!mine && !controller.signal.aborted) controller.abort("lost");
          })
          .catch((err) => ctx.log.warn({ err, jobId: job.id }, "generation heartbeat failed"));
      },
      Math.max(100, Math.floor(this.opts.leaseMs / 3)),
    );
    heartbeat.unref();

    let preview = "";
    let lastPreviewSave = 0;
    const stage = async (stage: GenerationStage, progress: number) => {
      const extra: { preview?: string } = {};
      if (stage === "writing" && preview && Date.now() - lastPreviewSave >= 1000) {
        extra.preview = preview;
        lastPreviewSave = Date.now();
      }
      const row = await jobsRepo.progress(ctx.db, job.id, this.id, { stage, progress, ...extra });
      if (row) this.emit(job.id, { type: "job", row });
    };

    try {
      const result = await runPipeline(this.deps, job, {
        signal: controller.signal,
        stage,
        html: (delta) => {
          preview += delta;
          this.emit(job.id, { type: "html", delta });
        },
      });
      if (controller.signal.aborted) throw new JobAborted(String(controller.signal.reason));
      const finished = await ctx.db.transaction(async (tx) => {
        const row = await jobsRepo.succeed(tx, job.id, this.id, job.id, result.fidelity ?? null);
        if (!row) return undefined;
        await generationsRepo.insert(tx, {
          id: job.id,
          userId: job.userId,
          parentId: job.parentId,
          version: job.parentId ? await generationsRepo.nextVersion(tx, job.parentId) : 1,
          status: "succeeded",
          emailType: job.emailType,
          instructions: job.instructions,
          thumbnails: job.thumbnails,
          subject: result.subject,
          html: result.html,
          text: result.text,
          report: result.report,
          credit: job.credit,
          keyId: result.keyId,
          model: result.model,
          durationMs: Date.now() - started,
          name: result.name,
          score: result.score,
          scoreParts: result.scoreParts,
          repaired: result.repaired,
          mjml: result.mjml,
          brandKit: job.brandKit,
          images: result.images,
          thumbnailUrl: result.thumbnailUrl,
          variantGroup: job.variantGroup,
          designLayout: result.designLayout,
        });
        return row;
      });
      if (finished) this.emit(job.id, { type: "job", row: finished });
    } catch (err) {
      const reason = controller.signal.aborted ? (String(controller.signal.reason) as StopReason) : null;
      if (reason === "shutdown") {
        await jobsRepo.release(ctx.db, job.id, this.id).catch(() => {});
        return;
      }
      if (reason === "abandon" || reason === "lost") return;
      if (reason === "cancel") {
        // The cancel already ended and refunded the job; listeners learn it from the row.
        const row = await jobsRepo.find(ctx.db, job.id);
        if (row) this.emit(job.id, { type: "job", row });
        return;
      }
      const failure =
        err instanceof GenerationFailure
          ? err
          : new GenerationFailure("FAILED", GENERATOR_MESSAGES.error(GENERATOR_SERVER_MESSAGES.unexpectedFailure));
      if (!(err instanceof GenerationFailure)) ctx.log.error({ err, jobId: job.id }, "generation failed");
      const row = await endAndRefund(
        ctx,
        job.id,
        "failed",
        { workerId: this.id, from: ["running"] },
        { code: failure.code, message: failure.message },
      ).catch((e) => {
        ctx.log.error({ err: e, jobId: job.id }, "refund failed");
        return undefined;
      });
      const latest = row ?? (await jobsRepo.find(ctx.db, job.id));
      if (latest) this.emit(job.id, { type: "job", row: latest });
    } finally {
      clearInterval(heartbeat);
    }
  }
}
