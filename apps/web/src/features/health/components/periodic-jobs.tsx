import { PERIODIC_JOB_TITLES, SYSTEM_STATUS_TEXTS, type TPeriodicJobStatus } from "@mailsmith/shared";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format-date";

const T = SYSTEM_STATUS_TEXTS.jobs;
const time = (iso: string | null) => (iso ? formatDate(iso, { time: true }) : null);

/** System status → Background jobs: each periodic job of the server that answered, its last and next run and error. */
export function PeriodicJobs({ jobs }: { jobs: TPeriodicJobStatus[] }) {
  return (
    <section className="mt-8" aria-labelledby="periodic-jobs-title">
      <h2 id="periodic-jobs-title" className="text-lg font-semibold text-slate-900">
        {T.title}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">{T.intro}</p>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {jobs.map((job) => (
          <JobRow key={job.name} job={job} />
        ))}
      </ul>
    </section>
  );
}

function JobRow({ job }: { job: TPeriodicJobStatus }) {
  const off = job.everyMs <= 0;
  const lastRun = time(job.lastRunAt);
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex shrink-0 items-center gap-2 sm:w-64">
        <span className="shrink-0 whitespace-nowrap">
          {off ? (
            <Badge color="grey">{T.off}</Badge>
          ) : job.running ? (
            <Badge color="blue">{T.running}</Badge>
          ) : job.lastError ? (
            <Badge color="red">{SYSTEM_STATUS_TEXTS.states.fail}</Badge>
          ) : (
            <Badge color="green">{SYSTEM_STATUS_TEXTS.states.ok}</Badge>
          )}
        </span>
        <span className="font-semibold text-slate-900">{PERIODIC_JOB_TITLES[job.name] ?? job.name}</span>
      </div>
      <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-600">{T.every}</dt>
        <dd className="text-slate-800">{T.interval(job.everyMs)}</dd>
        <dt className="text-slate-600">{T.lastRun}</dt>
        <dd className="text-slate-800">
          {lastRun && job.lastDurationMs !== null ? `${lastRun} (${T.took(job.lastDurationMs)})` : T.never}
        </dd>
        {!off && (
          <>
            <dt className="text-slate-600">{T.nextRun}</dt>
            <dd className="text-slate-800">{job.running ? T.running : (time(job.nextRunAt) ?? T.never)}</dd>
          </>
        )}
        <dt className="text-slate-600">{T.lastError}</dt>
        <dd className={job.lastError ? "break-words text-red-800" : "text-slate-800"}>
          {job.lastError ? `${time(job.lastErrorAt)}: ${job.lastError}` : T.none}
          {job.failures > 0 && <span className="block text-slate-600">{T.failures(job.failures, job.runs)}</span>}
        </dd>
      </dl>
    </li>
  );
}
