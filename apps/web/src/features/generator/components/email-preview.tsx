import { GENERATOR_LIMITS, GENERATOR_UI } from "@mailsmith/shared";
import { useMemo, useState } from "react";
import { EmailPanel } from "@/components/email/email-panel";

/** Grey stand-in picture (a data: URL, which the page's Content Security Policy allows). */
const PENDING_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='600' height='240'%3E%3Crect width='100%25' height='100%25' fill='%23e2e8f0'/%3E%3C/svg%3E";

/**
 * While the model writes, pictures cut from the design are still referenced as `image:<id>` (the server swaps in the
 * stored file's URL when the email is done). A browser cannot load that scheme and the page's CSP reports every
 * attempt as a violation, so the live preview shows a grey placeholder in their place.
 */
export function livePreviewHtml(html: string): string {
  return html
    .replace(/(\ssrc\s*=\s*)(["'])image:[\w-]*\2/gi, `$1$2${PENDING_IMAGE}$2`)
    .replace(/url\(\s*(["']?)image:[\w-]*\1\s*\)/gi, `url("${PENDING_IMAGE}")`);
}

/**
 * Live Preview: AI HTML only ever goes into a sandboxed iframe with no permissions (no script, no same-origin),
 * 500 px high, at desktop width or a 375 px phone width.
 */
export function EmailPreview({
  html,
  busy = false,
  title = GENERATOR_UI.livePreview,
}: {
  html: string;
  busy?: boolean;
  title?: string;
}) {
  const [mode, setMode] = useState<"desktop" | "mobile">("desktop");
  const shown = useMemo(() => livePreviewHtml(html), [html]);
  return (
    <EmailPanel
      label={title}
      title={
        <>
          {title}
          {busy && <span className="ml-2 text-xs font-normal text-brand-600">{GENERATOR_UI.writing}</span>}
        </>
      }
      views={[
        { value: "desktop", label: GENERATOR_UI.desktop },
        { value: "mobile", label: GENERATOR_UI.mobile },
      ]}
      view={mode}
      onViewChange={setMode}
      switchLabel={GENERATOR_UI.previewWidth}
    >
      <div className="flex justify-center overflow-x-auto bg-slate-100 p-2">
        {html ? (
          <iframe
            // A fresh frame for the finished email: a frame whose srcdoc changed mid-navigation can stay blank.
            key={busy ? "live" : "final"}
            title={title}
            sandbox=""
            srcDoc={shown}
            style={{
              height: GENERATOR_LIMITS.previewHeightPx,
              width: mode === "mobile" ? GENERATOR_LIMITS.previewMobileWidthPx : "100%",
            }}
            className="max-w-full rounded-md border border-slate-200 bg-white transition-[width]"
          />
        ) : (
          <div
            style={{ height: GENERATOR_LIMITS.previewHeightPx }}
            className="flex w-full items-center justify-center text-sm text-slate-600"
          >
            {GENERATOR_UI.previewEmpty}
          </div>
        )}
      </div>
    </EmailPanel>
  );
}
