import { expect, test } from "@playwright/test";
import { signUpMember } from "../fixtures/helpers";

/** An email with a <style> block (media query, :hover): the report lists client fallbacks in long sentences. */
const EMAIL = `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Spring news</title>
<style>a:hover{color:#1e40af}@media (max-width:480px){.col{display:block!important;width:100%!important}}</style></head>
<body style="margin:0;background-color:#ffffff;font-family:Arial,sans-serif;color:#111111;">
<table role="presentation" width="100%"><tr><td class="col" style="padding:24px;font-size:16px;">
<h1 style="font-size:26px;margin:0 0 12px;">Spring news</h1>
<p>Our spring collection is here: <a href="https://example.com/spring" style="color:#1d4ed8;">see the collection</a>.</p>
</td></tr></table></body></html>`;

test("on a phone the report's lists wrap between words, never inside one", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpMember(page, { verify: false });
  await page.goto("/user/check-email");
  await page.getByLabel("Email HTML").fill(EMAIL);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  const report = page.getByRole("region", { name: "Email report" });
  await expect(report).toBeVisible({ timeout: 60_000 });
  // The client fallbacks (the long sentences) sit in passed checks, folded away until asked for.
  await report.getByRole("button", { name: /^Show \d+ passed checks?$/ }).click();
  const items = report.getByRole("listitem").locator("li");
  await expect(items.first()).toBeVisible();
  // Every word of every list line (URLs longer than a line aside) sits on one line.
  const split = await items.evaluateAll((lis) => {
    const broken: string[] = [];
    for (const li of lis) {
      const text = li.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const s = text.textContent ?? "";
      // A line may break after a hyphen ("non-|Gmail"), so words are what lies between spaces and hyphens.
      for (const m of s.matchAll(/[^\s-]+/g)) {
        if (m[0].length > 24) continue;
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
    return broken;
  });
  expect(split).toEqual([]);
  // The lists did wrap (the sentences are longer than a phone line), so the check above had something to check.
  const wrapped = await items.evaluateAll((lis) =>
    lis.some((li) => li.getClientRects().length > 0 && li.getBoundingClientRect().height > 30),
  );
  expect(wrapped).toBe(true);
});
