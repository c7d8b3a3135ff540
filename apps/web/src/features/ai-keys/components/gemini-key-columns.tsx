import { GEMINI_HEALTH_MESSAGES, GEMINI_KEY_MESSAGES, type TGeminiKeyDetail as TGeminiKey } from "@mailsmith/shared";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import { RowActions } from "@/components/ui/row-actions";
import { formatDate } from "@/lib/format-date";

const when = (iso: string | null) => (iso ? formatDate(iso, { time: true }) : GEMINI_KEY_MESSAGES.never);

const HEALTH: Record<TGeminiKey["health"]["status"], { label: string; color: "green" | "red" | "amber" | "grey" }> = {
  ok: { label: GEMINI_HEALTH_MESSAGES.statusOk, color: "green" },
  invalid: { label: GEMINI_HEALTH_MESSAGES.statusInvalid, color: "red" },
  rate_limited: { label: GEMINI_HEALTH_MESSAGES.statusRateLimited, color: "amber" },
  unchecked: { label: GEMINI_HEALTH_MESSAGES.statusUnchecked, color: "grey" },
  check_failed: { label: GEMINI_HEALTH_MESSAGES.statusCheckFailed, color: "amber" },
};

/** Status, why, since when, last check (decision 095). */
function HealthCell({ k, onTest, testing }: { k: TGeminiKey; onTest: () => void; testing: boolean }) {
  const h = k.health;
  return (
    <div className="space-y-1 text-xs text-slate-600">
      <Badge color={HEALTH[h.status].color}>{HEALTH[h.status].label}</Badge>
      {h.reason && <p className="max-w-xs break-words text-slate-700">{h.reason}</p>}
      {h.invalidAt && <p>{GEMINI_HEALTH_MESSAGES.invalidSince(when(h.invalidAt))}</p>}
      {h.rateLimitedUntil && <p>{GEMINI_HEALTH_MESSAGES.rateLimitedUntil(when(h.rateLimitedUntil))}</p>}
      <p>{GEMINI_HEALTH_MESSAGES.lastChecked(when(h.checkedAt))}</p>
      <Button
        variant="secondary"
        className="!px-2.5 !py-1 text-xs"
        onClick={onTest}
        loading={testing}
        aria-label={`${GEMINI_HEALTH_MESSAGES.actionTest}: ${k.name}`}
      >
        {GEMINI_HEALTH_MESSAGES.actionTest}
      </Button>
    </div>
  );
}

/** What a row of the keys table can ask the panel to do. */
export interface GeminiKeyActions {
  test(k: TGeminiKey): void;
  testing(k: TGeminiKey): boolean;
  toggle(k: TGeminiKey): void;
  edit(k: TGeminiKey): void;
  remove(k: TGeminiKey): void;
}

/**
 * The Gemini keys table's columns: name, key preview, status, health with "Test key", the models the key lists (the
 * one in use in bold), created, usage and the row's actions.
 */
export function geminiKeyColumns(inUse: string | null, on: GeminiKeyActions): Column<TGeminiKey>[] {
  return [
    {
      key: "name",
      header: GEMINI_KEY_MESSAGES.name,
      sortValue: (k) => k.name,
      className: "font-medium text-slate-900",
      render: (k) => k.name,
    },
    {
      key: "key",
      header: GEMINI_KEY_MESSAGES.key,
      className: "font-mono text-xs",
      render: (k) =>
        k.provider === "openai" ? `${k.keyPreview} · ${k.model ?? ""} · ${k.baseUrl ?? ""}` : k.keyPreview,
    },
    {
      key: "status",
      header: GEMINI_KEY_MESSAGES.status,
      sortValue: (k) => k.isActive,
      render: (k) => (
        <Badge color={k.isActive ? "green" : "grey"}>
          {k.isActive ? GEMINI_KEY_MESSAGES.active : GEMINI_KEY_MESSAGES.inactive}
        </Badge>
      ),
    },
    {
      key: "health",
      header: GEMINI_HEALTH_MESSAGES.health,
      sortValue: (k) => k.health.status,
      render: (k) => <HealthCell k={k} onTest={() => on.test(k)} testing={on.testing(k)} />,
    },
    {
      key: "models",
      header: GEMINI_HEALTH_MESSAGES.models,
      sortValue: (k) => k.models?.length ?? -1,
      className: "text-xs text-slate-600",
      render: (k) =>
        k.models ? (
          <>
            <details>
              <summary className="cursor-pointer">{GEMINI_HEALTH_MESSAGES.modelsCount(k.models.length)}</summary>
              <ul className="mt-1 max-h-40 overflow-y-auto font-mono">
                {k.models.map((id) => (
                  <li key={id} className={id === inUse ? "font-semibold text-slate-900" : undefined}>
                    {id}
                  </li>
                ))}
              </ul>
            </details>
            {inUse && k.provider !== "openai" && (
              <p className="mt-1">
                {k.models.includes(inUse)
                  ? GEMINI_HEALTH_MESSAGES.hasModelInUse
                  : GEMINI_HEALTH_MESSAGES.lacksModelInUse}
              </p>
            )}
          </>
        ) : (
          GEMINI_HEALTH_MESSAGES.modelsNone
        ),
    },
    {
      key: "createdAt",
      header: GEMINI_KEY_MESSAGES.created,
      sortValue: (k) => new Date(k.createdAt),
      className: "whitespace-nowrap text-slate-600",
      render: (k) => formatDate(k.createdAt),
    },
    {
      key: "usage",
      header: GEMINI_KEY_MESSAGES.usage,
      sortValue: (k) => k.usage.calls,
      className: "text-xs text-slate-600",
      render: (k) => (
        <>
          {GEMINI_KEY_MESSAGES.usageCounts(k.usage.calls, k.usage.failures)}
          <br />
          {GEMINI_KEY_MESSAGES.lastUsed(when(k.usage.lastUsedAt))}
          {k.usage.lastStatus ? ` (${k.usage.lastStatus})` : ""}
        </>
      ),
    },
    {
      key: "actions",
      header: GEMINI_KEY_MESSAGES.actions,
      render: (k) => (
        <RowActions
          name={k.name}
          items={[
            {
              label: k.isActive ? GEMINI_KEY_MESSAGES.actionDisable : GEMINI_KEY_MESSAGES.actionEnable,
              onSelect: () => on.toggle(k),
            },
            { label: GEMINI_KEY_MESSAGES.actionEdit, onSelect: () => on.edit(k) },
            { label: `${GEMINI_KEY_MESSAGES.actionDelete}…`, destructive: true, onSelect: () => on.remove(k) },
          ]}
        />
      ),
    },
  ];
}
