/**
 * Google sign-in end to end through Better Auth's real Google provider, against a local OpenID Connect provider
 * (oauth2-mock-server) standing in for Google: the browser's trip to the consent page is played by following the
 * authorization URL on the local provider, and the server's own calls to Google's token and key endpoints are sent
 * to it too (the provider's endpoints are fixed in Better Auth, so only their host is rewritten). Tokens carry Google's
 * issuer and the claims Google documents (sub, email, email_verified, name, picture).
 */
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

const CLIENT_ID = "mailsmith-test.apps.googleusercontent.com";
const GOOGLE_HOSTS = new Set(["oauth2.googleapis.com", "www.googleapis.com", "openidconnect.googleapis.com"]);

interface GoogleProfile {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

let provider: OAuth2Server;
let providerBase: string;
let server: TestServer;
/** Who the next consent screen signs in, and whether the member cancels it. */
let next: { profile: GoogleProfile; cancel?: boolean };
const realFetch = globalThis.fetch;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  const address = provider.address();
  providerBase = `http://127.0.0.1:${address.port}`;
  // Google's issuer in every token, as Google signs them.
  provider.issuer.url = "https://accounts.google.com";
  provider.service.on("beforeTokenSigning", (token) => {
    const { profile } = next;
    Object.assign(token.payload, {
      sub: profile.sub,
      email: profile.email,
      email_verified: profile.emailVerified ?? true,
      name: profile.name,
      picture: "https://lh3.googleusercontent.com/a/photo",
    });
  });
  provider.service.on("beforeAuthorizeRedirect", (redirect) => {
    if (!next.cancel) return;
    // What Google sends back when the member presses Cancel on the consent screen.
    redirect.url.searchParams.delete("code");
    redirect.url.searchParams.set("error", "access_denied");
  });
  server = await startTestServer({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: "test-client-secret" } });
});

afterAll(async () => {
  await server?.close();
  await provider?.stop();
});

beforeEach(() => {
  // The server's calls to Google (token exchange, keys) go to the local provider; everything else is untouched.
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!GOOGLE_HOSTS.has(url.hostname)) return realFetch(input, init);
    const path = url.pathname === "/token" ? "/token" : url.pathname === "/oauth2/v3/certs" ? "/jwks" : "/userinfo";
    return realFetch(`${providerBase}${path}${url.search}`, init);
  });
});

/** Starts sign-in from our page, plays the consent screen, and brings the answer back to our callback. */
async function signInWithGoogle(client: TestClient, errorCallbackURL?: string) {
  const start = await client.post("/api/auth/sign-in/social", {
    provider: "google",
    callbackURL: "/user/dashboard",
    ...(errorCallbackURL ? { errorCallbackURL } : {}),
  });
  expect(start.status).toBe(200);
  const consent = new URL(start.body.url);
  expect(consent.origin + consent.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
  expect(consent.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/google`);
  const decided = await realFetch(`${providerBase}/authorize${consent.search}`, { redirect: "manual" });
  const back = new URL(decided.headers.get("location") ?? "");
  expect(back.origin + back.pathname).toBe(`${server.url}/api/auth/callback/google`);
  const callback = await client.get(back.pathname + back.search);
  expect(callback.status).toBe(302);
  return new URL(callback.headers.get("location") ?? "", server.url);
}

async function usersWithEmail(email: string) {
  const rows = await server.ctx.db.query.user.findMany({ where: (u, { eq }) => eq(u.email, email) });
  return rows;
}

describe("Google sign-in", () => {
  it("creates a verified account with the sign-up credits on the first visit", async () => {
    next = { profile: { sub: "google-1001", email: "ada.google@example-shop.com", name: "Ada Google" } };
    const browser = server.client();
    const landed = await signInWithGoogle(browser);
    expect(landed.pathname).toBe("/user/dashboard");

    const me = await browser.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: "ada.google@example-shop.com", emailVerified: true });
    const [row] = await usersWithEmail("ada.google@example-shop.com");
    expect(row?.currentBalance).toBe(server.ctx.env.SIGNUP_BONUS_CREDITS);
  });

  it("signs a returning member in to the same account, with no second account or second bonus", async () => {
    next = { profile: { sub: "google-1002", email: "returning@example-shop.com", name: "Returning" } };
    await signInWithGoogle(server.client());
    const again = server.client();
    const landed = await signInWithGoogle(again);
    expect(landed.pathname).toBe("/user/dashboard");
    const rows = await usersWithEmail("returning@example-shop.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.currentBalance).toBe(server.ctx.env.SIGNUP_BONUS_CREDITS);
    expect((await again.get("/api/me")).status).toBe(200);
  });

  it("sends a member whose password account is not confirmed to our sign-in page with a code it explains", async () => {
    const member = await server.member({ email: "unconfirmed@example-shop.com", verified: false });
    next = { profile: { sub: "google-1003", email: member.email, name: "Same Address" } };
    const browser = server.client();
    const landed = await signInWithGoogle(browser);
    // Not Better Auth's bare /api/auth/error page: our sign-in page, which words the code (GOOGLE_SIGN_IN_ERRORS).
    expect(landed.origin + landed.pathname).toBe(`${server.url}/login`);
    expect(landed.searchParams.get("error")).toBe("account_not_linked");
    expect((await browser.get("/api/me")).status).toBe(401);
    const rows = await usersWithEmail(member.email);
    expect(rows).toHaveLength(1);
    const accounts = await server.ctx.db.query.account.findMany({
      where: (a, { eq }) => eq(a.userId, rows[0]?.id ?? ""),
    });
    expect(accounts.map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("links Google to a confirmed password account with the same address", async () => {
    const member = await server.member({ email: "confirmed@example-shop.com" });
    next = { profile: { sub: "google-1004", email: member.email, name: "Confirmed" } };
    const browser = server.client();
    const landed = await signInWithGoogle(browser);
    expect(landed.pathname).toBe("/user/dashboard");
    expect((await browser.get("/api/me")).status).toBe(200);
    expect(await usersWithEmail(member.email)).toHaveLength(1);
  });

  it("brings a member who cancels consent back to the page they started from, signed out", async () => {
    next = { profile: { sub: "google-1005", email: "cancelled@example-shop.com", name: "Cancelled" }, cancel: true };
    const browser = server.client();
    const landed = await signInWithGoogle(browser, "/register");
    expect(landed.origin + landed.pathname).toBe(`${server.url}/register`);
    expect(landed.searchParams.get("error")).toBe("access_denied");
    expect((await browser.get("/api/me")).status).toBe(401);
    expect(await usersWithEmail("cancelled@example-shop.com")).toHaveLength(0);
  });
});
