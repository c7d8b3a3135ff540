import { SYSTEM_STATUS_TEXTS, type TSystemCheck } from "@mailsmith/shared";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeColor } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSystemStatus } from "../api/system-status";
import { PeriodicJobs } from "../components/periodic-jobs";

const STATE_COLOR: Record<TSystemCheck["state"], BadgeColor> = {
  ok: "green",
  warn: "amber",
  fail: "red",
  off: "grey",
};

/** Admin → System status: one line per outside service, what was found and what to do (decision 099). */
export function SystemStatusPage() {
  useDocumentTitle(SYSTEM_STATUS_TEXTS.title);
  const q = useSystemStatus();
  return (
    <div className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{SYSTEM_STATUS_TEXTS.title}</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{SYSTEM_STATUS_TEXTS.intro}</p>
        </div>
        <Button variant="secondary" onClick={() => void q.refetch()} disabled={q.isFetching}>
          {q.isFetching ? SYSTEM_STATUS_TEXTS.checking : SYSTEM_STATUS_TEXTS.recheck}
        </Button>
      </div>
      <div className="mt-6" aria-busy={q.isFetching}>
        {q.isError ? (
          <Alert>{errorMessage(q.error, SYSTEM_STATUS_TEXTS.loadFailed)}</Alert>
        ) : !q.data ? (
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <Spinner /> {SYSTEM_STATUS_TEXTS.checking}
          </div>
        ) : (
          <>
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {q.data.checks.map((check) => (
                <CheckRow key={check.id} check={check} />
              ))}
            </ul>
            <p className="mt-3 text-xs text-slate-500">
              {SYSTEM_STATUS_TEXTS.checkedAt(formatDate(q.data.checkedAt, { time: true }))}
            </p>
            <PeriodicJobs jobs={q.data.jobs} />
          </>
        )}
      </div>
    </div>
  );
}

function CheckRow({ check }: { check: TSystemCheck }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex shrink-0 items-center gap-2 sm:w-64">
        <span className="shrink-0 whitespace-nowrap">
          <Badge color={STATE_COLOR[check.state]}>{SYSTEM_STATUS_TEXTS.states[check.state]}</Badge>
        </span>
        <span className="font-semibold text-slate-900">{check.name}</span>
      </div>
      <div className="min-w-0 text-sm">
        <p className="break-words text-slate-700">{check.summary}</p>
        {check.fix && (
          <p className="mt-1 break-words text-slate-600">
            <span className="font-medium text-slate-800">{SYSTEM_STATUS_TEXTS.fixLabel}: </span>
            {check.fix}
          </p>
        )}
      </div>
    </li>
  );
}
