import { SECURITY_MESSAGES, VERIFY_EMAIL_SUBJECT } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { creditLedger, user } from "../src/db/schema/index.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/** Issue 15 items 8 and 10–14: CSRF, Better Auth endpoints, reset limits, tokens, passwords, sign-up farming. */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({ env: { SIGNUP_LIMIT_PER_HOUR: "100000", RESET_LIMIT_PER_HOUR: "3" } });
  admin = await server.admin();
});
afterAll(() => server?.close());

/** The member's cookie sent from another site (what a malicious page makes the browser do). */
async function fromSite(c: TestClient, method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
  const res = await fetch(server.url + path, {
    method,
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; "), ...headers },
    body,
    redirect: "manual",
  });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, body: json };
}

const userId = async (c: TestClient) => (await c.get("/api/me")).body.user._id as string;

describe("CSRF: state changes with the session cookie must come from our origin", () => {
  it("refuses cross-site generate (multipart and text/plain), upload, send-test and admin resets", async () => {
    const m = await server.member();
    const evil = { origin: "https://evil.example" };
    const form = new FormData();
    form.set("emailType", "Newsletter Email Templates");
    const attempts = [
      await fromSite(m, "POST", "/api/generate", evil, form),
      await fromSite(m, "POST", "/api/generate", { ...evil, "content-type": "text/plain" }, "x=1"),
      await fromSite(m, "POST", "/api/image-server/upload", evil, new FormData()),
      await fromSite(m, "POST", "/api/templates/0b7e4f52-2c1a-4d8e-9f3b-6a5c4d3e2f10/send-test", evil),
      await fromSite(admin, "POST", "/api/hero-section/reset", evil),
      await fromSite(admin, "POST", "/api/paypal-settings/reset", { "sec-fetch-site": "cross-site" }),
      await fromSite(m, "POST", "/api/auth/sign-out", { origin: "null" }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(SECURITY_MESSAGES.crossSite);
    }
    // Nothing happened: the member keeps the session and the credits.
    expect((await m.get("/api/me")).body.user.currentBalance).toBe(3);
  });

  it("same-origin browsers and non-browser clients (no Origin, no Fetch metadata) pass", async () => {
    const m = await server.member();
    const id = await userId(m);
    const same = await fromSite(
      m,
      "PUT",
      `/api/update-user-profile/${id}`,
      { origin: server.url, "content-type": "application/json" },
      JSON.stringify({ userName: "Same Origin" }),
    );
    expect(same.status).toBe(200);
    const fetchMeta = await fromSite(
      m,
      "PUT",
      `/api/update-user-profile/${id}`,
      { "sec-fetch-site": "same-origin", "content-type": "application/json" },
      JSON.stringify({ userName: "Fetch Meta" }),
    );
    expect(fetchMeta.status).toBe(200);
    const curl = await fromSite(
      m,
      "PUT",
      `/api/update-user-profile/${id}`,
      { "content-type": "application/json" },
      JSON.stringify({ userName: "Curl" }),
    );
    expect(curl.status).toBe(200);
    // An OAuth provider's form_post answer is not refused here (Better Auth checks its state).
    const oauth = await fromSite(m, "POST", "/api/auth/callback/google", { origin: "https://accounts.google.com" });
    expect(oauth.status).not.toBe(403);
    // A cross-site GET changes nothing and stays allowed (links to our pages work).
    expect((await fromSite(m, "GET", "/api/me", { "sec-fetch-site": "cross-site" })).status).toBe(200);
  });
});

describe("Better Auth endpoints we do not use are off", () => {
  it("update-user, change-email, delete-user, list-sessions … answer 404; a banned member changes nothing", async () => {
    const m = await server.member({ name: "Before" });
    const id = await userId(m);
    for (const [method, path, body] of [
      ["POST", "/api/auth/update-user", { name: "x".repeat(600_000 / 10), image: "javascript:alert(1)" }],
      ["POST", "/api/auth/change-email", { newEmail: "other@test.local" }],
      ["POST", "/api/auth/delete-user", {}],
      ["GET", "/api/auth/list-sessions", undefined],
      ["POST", "/api/auth/revoke-sessions", {}],
      ["POST", "/api/auth/change-password", { currentPassword: m.password, newPassword: "x-new-password-1" }],
    ] as const) {
      const res = await m.request(method, path, body);
      expect(res.status, path).toBe(404);
    }
    expect((await admin.put(`/api/users/${id}/banned`, { banned: true })).status).toBe(200);
    expect((await m.request("POST", "/api/auth/update-user", { name: "Banned edit" })).status).toBe(404);
    const [row] = await server.ctx.db.select().from(user).where(eq(user.id, id));
    expect(row?.name).toBe("Before");
    expect(row?.image).toBeNull();
  });
});

describe("sign-up goes through our limits", () => {
  it("a 600 KB name is refused and an image URL of any scheme is dropped", async () => {
    const long = await server.client().post("/api/auth/sign-up/email", {
      email: "long@test.local",
      password: "long-password-42",
      name: "x".repeat(600_000),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(SECURITY_MESSAGES.nameTooLong);
    expect(await server.ctx.db.select().from(user).where(eq(user.email, "long@test.local"))).toEqual([]);
    const js = await server.client().post("/api/auth/sign-up/email", {
      email: "js@test.local",
      password: "js-password-42",
      name: "J",
      image: "javascript:alert(1)",
    });
    expect(js.status).toBe(200);
    const [row] = await server.ctx.db.select().from(user).where(eq(user.email, "js@test.local"));
    expect(row?.image).toBeNull();
  });
});

describe("password reset limits", () => {
  it("limits reset mails per address, known or unknown, with a 429 and a message", async () => {
    const m = await server.member();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await server
        .client()
        .post("/api/auth/request-password-reset", { email: m.email, redirectTo: "/reset-password" });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.message).toBe(SECURITY_MESSAGES.tooManyResets);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const mails = server.sentMails.filter((x) => x.to === m.email && /reset/i.test(x.subject));
    expect(mails).toHaveLength(3);
  });

  it("limits one client walking through addresses (enumeration)", async () => {
    // The per-client limit of this server (3/h) is already spent by the test above from 127.0.0.1.
    const res = await server.client().post("/api/auth/request-password-reset", { email: "someone-new@test.local" });
    expect(res.status).toBe(429);
  });

  it("keeps reset and verification tokens out of the request log", async () => {
    const lines: string[] = [];
    const log = pino({ level: "info" }, { write: (s: string) => lines.push(s) });
    const app = await buildApp({ ctx: server.ctx, logger: log });
    await app.inject({
      method: "GET",
      url: "/api/auth/reset-password/SECRET-RESET-TOKEN?callbackURL=%2Freset-password",
    });
    await app.inject({ method: "GET", url: "/api/auth/verify-email?token=SECRET-VERIFY-TOKEN&callbackURL=%2F" });
    await app.close();
    const text = lines.join("\n");
    expect(text).toContain("/api/auth/reset-password/[redacted]");
    expect(text).not.toContain("SECRET-RESET-TOKEN");
    expect(text).not.toContain("SECRET-VERIFY-TOKEN");
  });
});

describe("session tokens stay in the HttpOnly cookie", () => {
  it("sign-up, sign-in and get-session bodies carry no token", async () => {
    const c = server.client();
    const up = await c.post("/api/auth/sign-up/email", {
      email: "tok@test.local",
      password: "tok-password-77",
      name: "T",
    });
    expect(up.status).toBe(200);
    const inn = await server
      .client()
      .post("/api/auth/sign-in/email", { email: "tok@test.local", password: "tok-password-77" });
    expect(inn.status).toBe(200);
    const session = await c.get("/api/auth/get-session");
    expect(session.status).toBe(200);
    for (const body of [up.body, inn.body, session.body]) {
      expect(JSON.stringify(body)).not.toMatch(/"token"/);
    }
    expect(session.body.user.email).toBe("tok@test.local");
    // The cookie still works.
    expect((await c.get("/api/me")).status).toBe(200);
  });
});

describe("common passwords", () => {
  it("are refused at sign-up and reset with a clear message; the minimum length stays", async () => {
    for (const password of ["12345678", "password1", "Password1", "qwertyuiop"]) {
      const res = await server
        .client()
        .post("/api/auth/sign-up/email", { email: "common@test.local", password, name: "C" });
      expect(res.status, password).toBe(400);
      expect(res.body.message).toBe(SECURITY_MESSAGES.commonPassword);
    }
    const short = await server
      .client()
      .post("/api/auth/sign-up/email", { email: "short@test.local", password: "a1b2", name: "S" });
    expect(short.status).toBe(400);
    const reset = await server.client().post("/api/auth/reset-password", { newPassword: "iloveyou1", token: "x" });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(SECURITY_MESSAGES.commonPassword);
  });
});

describe("sign-up credits wait for a verified address", () => {
  it("a new account has 0 credits until the link of the verification mail is opened, then exactly 3 once", async () => {
    const m = await server.member({ verified: false });
    const before = (await m.get("/api/me")).body.user;
    expect(before).toMatchObject({ currentBalance: 0, emailVerified: false });
    const mail = server.sentMails.find((x) => x.to === m.email && x.subject === VERIFY_EMAIL_SUBJECT);
    expect(mail?.text).toMatch(/verify-email\?token=/);
    const link = new URL(await server.verificationLink(m.email));
    await m.get(link.pathname + link.search);
    await m.get(link.pathname + link.search);
    const after = (await m.get("/api/me")).body.user;
    expect(after).toMatchObject({ currentBalance: 3, emailVerified: true });
    const rows = await server.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, after._id));
    expect(rows.map((r) => r.reason)).toEqual(["signup_bonus"]);
  });

  it("admins see each account's sign-up address and verification state", async () => {
    const m = await server.member({ verified: false });
    const list = (await admin.get("/api/users")).body as { email: string; signupIp: string; emailVerified: boolean }[];
    const row = list.find((u) => u.email === m.email);
    expect(row).toMatchObject({ emailVerified: false, signupIp: "127.0.0.1" });
    // Members never see the sign-up address.
    expect((await m.get("/api/me")).body.user.signupIp).toBeUndefined();
  });
});

describe("sign-up limit per client", () => {
  it("refuses the sign-up past the hourly limit of one client address with a 429", async () => {
    const limited = await startTestServer({ env: { SIGNUP_LIMIT_PER_HOUR: "2" } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited
          .client()
          .post("/api/auth/sign-up/email", { email: `farm${i}@test.local`, password: "farm-password-42", name: "F" });
        codes.push(res.status);
        if (res.status === 429) expect(res.body.message).toBe(SECURITY_MESSAGES.tooManySignUps);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
