import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "../fixtures/axe";
import { afterTwoFrames, signInAdmin, signUpMember } from "../fixtures/helpers";
import {
  ADMIN_ROUTES,
  horizontalOverflow,
  memberRoutes,
  openRoute,
  overflowCulprits,
  PUBLIC_ROUTES,
  tabsAt,
} from "../fixtures/routes";

/**
 * Every route (public, member, admin) fits a 375 px phone and a 1280 px laptop without
 * horizontal scrolling, and axe finds no violations. SCREENSHOTS_DIR set (npm run screenshots) also saves a
 * full-page picture of every route at both widths.
 */
const WIDTHS = [1280, 375] as const;
const shotsDir = process.env.SCREENSHOTS_DIR;

function shotName(route: string, width: number) {
  // Ids change every run: name the picture after the route pattern.
  const pattern = route.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "id");
  return `${pattern.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`;
}

/** Routes checked at once, each by its own pair of tabs. */
const PAIRS = 2;

/**
 * Each route is opened fresh in two tabs of the same browser context at once: one at 1280 px (overflow, then axe), one
 * at 375 px (overflow). Two tabs, not a resize of one, because layouts choose some things when they mount (the sidebar
 * starts collapsed below 1024 px). A visit is mostly waiting for the network to go quiet, so PAIRS pairs of tabs take
 * routes from the list at once and wait together.
 */
async function checkRoutes(page: Page, routes: string[], group: string) {
  const overflowing: string[] = [];
  const queue = [...routes];
  const checkWithPair = async (pair: Page[]) => {
    for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
      await Promise.all(pair.map((tab) => openRoute(tab, route)));
      for (const [i, width] of WIDTHS.entries()) {
        const tab = pair[i]!;
        const over = await horizontalOverflow(tab);
        if (over > 0)
          overflowing.push(`${route} at ${width} px: ${over}px wider (${(await overflowCulprits(tab)).join("; ")})`);
        const usersOver = width >= 1280 ? await usersTableOverflow(tab) : 0;
        if (usersOver > 0)
          overflowing.push(`${route} at ${width} px: the users table scrolls sideways by ${usersOver}px`);
        if (shotsDir) await fullPagePicture(tab, `${shotsDir}/${group}/${shotName(route, width)}`);
      }
      await expectNoAxeViolations(pair[0]!, route);
    }
  };
  const pairViewports = WIDTHS.map((width) => ({ width, height: width < 600 ? 812 : 900 }));
  const tabs = await tabsAt(page, Array.from({ length: PAIRS }, () => pairViewports).flat());
  const size = WIDTHS.length;
  await Promise.all(Array.from({ length: PAIRS }, (_, i) => checkWithPair(tabs.slice(size * i, size * (i + 1)))));
  await Promise.all(tabs.slice(1).map((tab) => tab.close()));
  expect(overflowing.sort(), "routes wider than the viewport").toEqual([]);
}

/**
 * How far the users table (admin dashboard, /admin/users) is wider than its box: at 1280 px its Actions column must be
 * in view without sideways scrolling, long e-mail addresses included. 0 on pages without it.
 */
async function usersTableOverflow(tab: Page): Promise<number> {
  return tab.evaluate(() => {
    const table = Array.from(document.querySelectorAll("table")).find((t) => t.caption?.textContent === "Users");
    const box = table?.parentElement;
    return box ? Math.max(0, box.scrollWidth - box.clientWidth - 1) : 0;
  });
}

/** A member with an address of realistic length (40+ characters), so the admin tables are checked with one. */
async function signUpLongAddress(baseURL: string) {
  const email = `christopher.montgomery-whitfield.${randomBytes(4).toString("hex")}@e2e.local`;
  const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email, password: "secret-pass-1", name: "Christopher Montgomery-Whitfield" }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/**
 * A full-page picture for npm run screenshots. Chromium leaves a sandboxed frame that is outside the viewport blank in
 * a full-page screenshot (the email previews at 375 px looked empty although they were not), so a page with frames is
 * pictured through a viewport as tall as the page, then given its viewport back.
 */
async function fullPagePicture(tab: Page, path: string) {
  if ((await tab.locator("iframe").count()) === 0) {
    await tab.screenshot({ path, fullPage: true });
    return;
  }
  const viewport = tab.viewportSize()!;
  const height = await tab.evaluate(() => document.documentElement.scrollHeight);
  await tab.setViewportSize({ width: viewport.width, height });
  await afterTwoFrames(tab);
  await tab.screenshot({ path });
  await tab.setViewportSize(viewport);
}

async function expectNoAxeViolations(page: Page, route: string) {
  // Sandboxed iframes hold AI or member email HTML, not the app's UI (the email engine checks its accessibility).
  const violations = await axeViolations(page);
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}) ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
  // Soft: every route is checked and reported, not only the first one with a violation.
  expect.soft(found, `axe violations on ${route}`).toEqual([]);
}

test("public pages fit 1280 px and 375 px, and axe finds no violations", async ({ page }) => {
  test.setTimeout(600_000);
  await checkRoutes(page, PUBLIC_ROUTES, "public");
});

test("member pages fit 1280 px and 375 px, and axe finds no violations", async ({ page }) => {
  test.setTimeout(600_000);
  await signUpMember(page, { verify: false });
  await checkRoutes(page, await memberRoutes(page.request), "member");
});

test("admin pages fit 1280 px and 375 px, and axe finds no violations", async ({ page, baseURL }) => {
  test.setTimeout(600_000);
  await signUpLongAddress(baseURL ?? "");
  await signInAdmin(page);
  await checkRoutes(page, ADMIN_ROUTES, "admin");
});
