import { expect, test } from "@playwright/test";
import { axeViolations } from "../fixtures/axe";

/**
 * The accessibility checks of ux-routes and content rest on fixtures/axe.ts: it must report what axe finds in the page
 * (so those checks can fail), filter by tags, leave out what is inside sandboxed email previews and scan a page again.
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Axe runner</title></head><body><main>
<h1>Runner</h1>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<p style="color:#bbbbbb;background:#ffffff">Pale text</p>
<iframe sandbox="" title="Email preview" srcdoc="<img src='x.png'><p style='color:#eee'>pale</p>"></iframe>
</main></body></html>`;

test("the axe runner reports the page's violations, by tag, and not those inside a sandboxed preview", async ({
  page,
}) => {
  await page.setContent(PAGE);
  const ids = (found: { id: string }[]) => found.map((v) => v.id).sort();
  expect(ids(await axeViolations(page))).toEqual(["color-contrast", "image-alt"]);
  // Only the image's violation is in the preview-free part of the page once the pale text is fixed.
  await page.locator("p").evaluate((p) => {
    p.style.color = "#111111";
  });
  const again = await axeViolations(page);
  expect(ids(again)).toEqual(["image-alt"]);
  expect(again[0]?.nodes.map((n) => n.target.join(" "))).toEqual(["img"]);
  // A tag filter runs only the rules of those tags (image-alt is WCAG 2 A; no rule of this made-up tag).
  expect(ids(await axeViolations(page, { tags: ["wcag2a"] }))).toEqual(["image-alt"]);
  expect(await axeViolations(page, { tags: ["no-such-tag"] })).toEqual([]);
});
