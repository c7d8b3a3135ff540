/** The report's rendered-checks texts when an email could not be rendered (email engine, Check my email). */
export const RENDER_UNAVAILABLE_TEXTS = {
  title: "Rendered checks",
  browserFailed: "Not rendered: the rendering browser failed on this email.",
  browserFailedWith: (detail: string) => `Not rendered: the rendering browser failed on this email (${detail}).`,
  rendererUnavailable: (detail: string) => `Not rendered: ${detail}`,
  fix: "Check the email in a real mail client or a preview service before sending.",
} as const;
