import { expect, request as playwrightRequest, test } from "@playwright/test";
import { registerThroughUi } from "../fixtures/helpers";

/**
 * A session ended elsewhere (here: signed out by another client holding the same cookie) while this
 * browser still has its 5-minute cached "me". Redirects must follow the server's answer, not the cache.
 */
test("stale session: the cached me only paints; visitors land on the page they asked for", async ({
  page,
  context,
  baseURL,
}) => {
  const { email, password } = await registerThroughUi(page, { verify: false });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("mailsmith:auth"))).toContain(email);

  // End the session on the server with a copy of the cookie; the browser keeps its (now dead) cookie and its cache.
  const cookies = await context.cookies();
  const revoke = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL! },
    storageState: { cookies, origins: [] },
  });
  expect((await revoke.post("/api/auth/sign-out", { data: {} })).ok()).toBe(true);
  await revoke.dispose();
  // The browser's cookie is now dead on the server (asked with a copy, so the browser's own jar is untouched).
  const check = await playwrightRequest.newContext({ baseURL, storageState: { cookies, origins: [] } });
  expect((await (await check.get("/api/session")).json()).user).toBeNull();
  await check.dispose();
  const cached = await page.evaluate(() => localStorage.getItem("mailsmith:auth"));
  expect(cached).toContain(email);

  // /register stays /register (the cache used to bounce it to the dashboard and then to /login).
  await page.goto("/register");
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  // A member page asks the server, goes to /login remembering the page, and sign-in lands back on it.
  // The server's 401 cleared the cache; put the stale copy back (as another tab would have left it).
  await page.evaluate((value) => localStorage.setItem("mailsmith:auth", value as string), cached);
  await page.goto("/user/subscription-history");
  await expect(page).toHaveURL(/\/login$/);
  // Sign in on this very page (its history state remembers where the visitor was going).
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/user\/subscription-history$/);
  await expect(page.getByRole("heading", { name: /Subscription History/i })).toBeVisible();
});
