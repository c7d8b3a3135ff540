import type { EmailFixName, TEmailFixChange, TEmailReport } from "@mailsmith/shared";

/** Contract: what goes into and comes out of the email engine. */
export interface ProcessEmailInput {
  html: string;
  subject?: string;
  preheader?: string;
  /** "existing": a member's own full email, its document is kept; "generated": model output, wrapped in our skeleton. */
  source: "generated" | "existing";
  /**
   * Origins of the site's own hosted files (its public URL, the storage's public URL). Their http: links and images
   * are not flagged: on a site served over http (local use) "use https" would break them.
   */
  ownOrigins?: string[];
  /**
   * The member's language (a BCP 47 tag): what the accessibility fix writes as `lang` when the text is
   * too short or too ambiguous to say. Default "en".
   */
  language?: string;
  /** One-click fixes to apply after the passes (fixes.ts): each change is listed in `fixes`. */
  fixes?: EmailFixName[];
  /** Fix passes left out by name (tests compare a fix with and without one pass). */
  skipFixPasses?: string[];
}

export interface ProcessEmailResult {
  html: string;
  text: string;
  subject: string;
  preheader: string;
  /** render: null and no previews here (the renderer adds them, see render-report.ts). */
  report: TEmailReport;
  /** What the asked fixes changed (and suggested: applied false); [] when none were asked. */
  fixes: TEmailFixChange[];
  mjml?: never;
}
