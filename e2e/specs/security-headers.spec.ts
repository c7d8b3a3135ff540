import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../fixtures/helpers";

test("app pages carry a Content-Security-Policy and cannot be framed; the API docs keep their own", async ({
  request,
}) => {
  for (const path of ["/", "/login", "/user/dashboard", "/no/such/page"]) {
    const res = await request.get(path);
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    expect(res.headers()["x-frame-options"], path).toBe("DENY");
    expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
  }
  // The API docs keep their own inline code (no app script policy) but cannot be framed either.
  const docs = await request.get("/api/docs/static/index.html");
  expect(docs.headers()["content-security-policy"] ?? "").not.toContain("script-src");
  expect(docs.headers()["content-security-policy"] ?? "").toContain("frame-ancestors 'none'");
  expect(docs.headers()["x-frame-options"]).toBe("DENY");
});

test("no page breaks the policy: the browser reports no CSP violation while an admin walks the site", async ({
  page,
}) => {
  const violations: string[] = [];
  // Some violations (an eval probe) reach only the Issues panel, not the console: listen to the DOM event too.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP-VIOLATION ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on("console", (msg) => {
    if (/Content Security Policy|CSP-VIOLATION/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
  });
  for (const path of ["/", "/about", "/contact", "/login", "/register"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  await loginAsAdmin(page);
  for (const path of [
    "/user/generate-code",
    "/user/select-package",
    "/admin/dashboard",
    "/admin/settings?tab=banner",
    "/admin/users",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});
