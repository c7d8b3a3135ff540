import type { Page } from "playwright-core";

/** Chromium's answer to a capture it refuses for a moment (its compositor's frame not ready, on a busy machine). */
const REFUSED = /Unable to capture screenshot/;
/** How long to wait before asking again. */
const RETRY_AFTER_MS = 250;

/**
 * A page screenshot, asked again once when Chromium refuses the capture outright: it answers
 * `Protocol error (Page.captureScreenshot): Unable to capture screenshot` now and then and takes the very same
 * picture a moment later (robotframework-browser#5237 measured it on ~7 % of cold first captures on one CI leg; it
 * failed a design render of our engine suite once). Any other error, or a second refusal, is the caller's.
 */
export async function captureScreenshot(
  page: Pick<Page, "screenshot">,
  options: Parameters<Page["screenshot"]>[0],
): Promise<Buffer> {
  try {
    return await page.screenshot(options);
  } catch (err) {
    if (!(err instanceof Error) || !REFUSED.test(err.message)) throw err;
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    return page.screenshot(options);
  }
}
