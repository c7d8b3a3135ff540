import { expect, type Page, test } from "@playwright/test";
import { afterTwoFrames, holdRequests, signInAdmin, signUpMember } from "../fixtures/helpers";

// WCAG 2.3.3: a person whose system asks for reduced motion gets still spinners and anchor links that jump instead of
// gliding (index.css, lib/motion.ts); everyone else keeps the motion. Both are checked, so the test can fail.

type Motion = "reduce" | "no-preference";

/** Opens /user/orders with its list held back and reads the loading spinner's running animations: ms per turn. */
async function spinnerTurnMs(page: Page): Promise<number[]> {
  const list = /\/api\/item-orders(\?|$)/;
  const release = await holdRequests(page, list);
  await page.goto("/user/orders");
  // The page's heading shows above its spinner: from then on the spinner is the list's, not the route's loader.
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
  const spinner = page.getByRole("main").getByRole("img", { name: "Loading" });
  await expect(spinner).toBeVisible();
  const durations = await spinner.evaluate((el) =>
    el.getAnimations().map((a) => Number(a.effect?.getComputedTiming().duration ?? Number.NaN)),
  );
  release();
  await expect(spinner).toBeHidden();
  await page.unroute(list);
  return durations;
}

/** scrollY on every frame from a click on the Pricing link in the header until 40 frames later. */
async function scrollPositionsAfterPricingClick(page: Page): Promise<number[]> {
  await page.goto("/");
  await expect(page.locator("#pricing-sec")).toBeAttached();
  await page.evaluate(() => {
    const positions: number[] = [];
    (window as unknown as { positions: number[] }).positions = positions;
    const tick = () => {
      positions.push(window.scrollY);
      if (positions.length < 40) requestAnimationFrame(tick);
    };
    // Starts with the click's own frame: the first position is the top of the page.
    addEventListener("click", () => requestAnimationFrame(tick), { once: true, capture: true });
  });
  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Pricing", exact: true })
    .click();
  await page.waitForFunction(() => (window as unknown as { positions: number[] }).positions?.length >= 40);
  return page.evaluate(() => (window as unknown as { positions: number[] }).positions);
}

const scrollBehaviour = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);

test("with reduced motion the spinner stands still and Pricing jumps into view; without it both move", async ({
  page,
}) => {
  await signUpMember(page);
  const seen: Record<Motion, { turnMs: number[]; scroll: string }> = {
    reduce: { turnMs: [], scroll: "" },
    "no-preference": { turnMs: [], scroll: "" },
  };
  for (const motion of ["no-preference", "reduce"] as const) {
    await page.emulateMedia({ reducedMotion: motion });
    seen[motion].turnMs = await spinnerTurnMs(page);
    await page.goto("/");
    seen[motion].scroll = await scrollBehaviour(page);
  }
  // Tailwind's animate-spin: one turn a second, for everyone who has not asked otherwise.
  expect(seen["no-preference"].turnMs).toEqual([1000]);
  expect(seen["no-preference"].scroll).toBe("smooth");
  // The same spinner's animation has settled at once (a finished animation leaves getAnimations()).
  expect(seen.reduce.turnMs.filter((ms) => ms >= 1)).toEqual([]);
  expect(seen.reduce.scroll).toBe("auto");

  // What the person sees: the page is at Pricing from one frame to the next, with no positions in between.
  const positions = await scrollPositionsAfterPricingClick(page);
  const final = positions[positions.length - 1];
  expect(final).toBeGreaterThan(300);
  expect(positions.filter((y) => y !== positions[0] && y !== final)).toEqual([]);
  const pricingTop = await page.locator("#pricing-sec").evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(pricingTop)).toBeLessThan(100);
});

test("with reduced motion the admin's charts are drawn at once, not grown in", async ({ page }) => {
  // Recharts draws a line in by growing its stroke-dasharray from script, frame by frame — out of the stylesheet's
  // reach. Recharts 3 honours the setting itself (`isAnimationActive` defaults to "auto"); this keeps it that way
  // (a chart given `isAnimationActive` fails here). Watched from the start of each page, so the check does not depend
  // on catching the 1.5 s animation at the right moment.
  await page.addInitScript(() => {
    const seen = { grown: false };
    (window as unknown as { lineGrown: typeof seen }).lineGrown = seen;
    new MutationObserver(() => {
      if (document.querySelector(".recharts-line-curve[stroke-dasharray]")) seen.grown = true;
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await signInAdmin(page);
  const grown = () => page.evaluate(() => (window as unknown as { lineGrown: { grown: boolean } }).lineGrown.grown);
  for (const motion of ["no-preference", "reduce"] as const) {
    await page.emulateMedia({ reducedMotion: motion });
    await page.goto("/admin/dashboard");
    await expect(page.locator(".recharts-line-curve")).toBeAttached();
    if (motion === "no-preference") {
      await expect.poll(grown).toBe(true);
    } else {
      await afterTwoFrames(page);
      expect(await grown()).toBe(false);
      // No dash pattern left on it: the line is drawn whole.
      await expect(page.locator(".recharts-line-curve")).not.toHaveAttribute("stroke-dasharray", /.*/);
    }
  }
});
