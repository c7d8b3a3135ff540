import { UI_TEXTS } from "@mailsmith/shared";
export function Spinner({ className = "h-5 w-5", label = UI_TEXTS.loading }: { className?: string; label?: string }) {
  return (
    <svg
      className={`animate-spin text-current ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      role="img"
      aria-label={label}
    >
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 018-8v4a4 4 0 00-4 4H4z" />
    </svg>
  );
}

/** Covers the page while auth state loads or a sign-in is under way. */
export function FullScreenLoader({ label = UI_TEXTS.loading }: { label?: string }) {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 backdrop-blur-sm"
      role="status"
      aria-live="polite"
    >
      <div className="flex flex-col items-center gap-3 text-brand-600">
        <Spinner className="h-10 w-10" label={label} />
        <span className="text-sm font-medium text-slate-600">{label}…</span>
      </div>
    </div>
  );
}
