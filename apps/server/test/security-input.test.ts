import { SECURITY_MESSAGES } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportTickets, user } from "../src/db/schema/index.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/** Issue 15 items 1–6: bad input is a 4xx with a message and changes nothing. */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  // A key in the pool (pointing nowhere), so the generator reads its input instead of answering 503 first.
  server = await startTestServer({ env: { GEMINI_BASE_URL: "http://127.0.0.1:9" } });
  admin = await server.admin();
  expect((await admin.post("/api/gemini-keys", { name: "k", key: "AIza-test-key" })).status).toBe(201);
});
afterAll(() => server?.close());

async function raw(c: TestClient | null, method: string, path: string, contentType: string, body: string) {
  const headers: Record<string, string> = { origin: server.url, "content-type": contentType };
  if (c?.cookies.size) headers.cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(server.url + path, { method, headers, body });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, body: json };
}

describe("NUL bytes and control characters", () => {
  it("a public form with a NUL byte is a 400 and files nothing", async () => {
    const before = (await server.ctx.db.select().from(supportTickets)).length;
    const res = await server.client().post("/api/new-support-message", {
      ticketUserName: "Eve\u0000",
      ticketUserEmail: "eve@example.com",
      phone: "+49 30 1234567",
      subject: "Hi",
      message: "Hello",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SECURITY_MESSAGES.controlCharacters);
    expect((await server.ctx.db.select().from(supportTickets)).length).toBe(before);
  });

  it("a member's profile and an admin's user edit refuse control characters", async () => {
    const m = await server.member({ name: "Clean Name" });
    const me = (await m.get("/api/me")).body.user;
    const profile = await m.put(`/api/update-user-profile/${me._id}`, { userName: "Bad\u0000Name" });
    expect(profile.status).toBe(400);
    const edit = await admin.put(`/api/users/${me._id}`, { userName: "Bell\u0007" });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(SECURITY_MESSAGES.controlCharacters);
    expect((await m.get("/api/me")).body.user.userName).toBe("Clean Name");
  });

  it("Better Auth's sign-up gets the same guard (no account is created)", async () => {
    const res = await server.client().post("/api/auth/sign-up/email", {
      email: "nul@test.local",
      password: "a-fine-password-9",
      name: "N\u0000",
    });
    expect(res.status).toBe(400);
    expect(await server.ctx.db.select().from(user).where(eq(user.email, "nul@test.local"))).toEqual([]);
  });

  it("a NUL byte in the path or the query is a 400", async () => {
    expect((await admin.get("/api/users/abc%00def/credits")).status).toBe(400);
    expect((await admin.get("/api/users?userEmail=a%00b")).status).toBe(400);
  });

  it("multipart text fields refuse control characters too, and no credit moves", async () => {
    const form = new FormData();
    form.set("emailType", "Newsletter Email Templates");
    form.set("instructions", "make it blue\u0000");
    const m = await server.member();
    const res = await m.request("POST", "/api/generate", form);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SECURITY_MESSAGES.controlCharacters);
    expect((await m.get("/api/me")).body.user.currentBalance).toBe(3);
  });
});

describe("impossible dates", () => {
  it("2025-02-30 in a date filter is a 400 with a message", async () => {
    const res = await admin.get("/api/support-messages?from=2025-02-30");
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(SECURITY_MESSAGES.invalidDate);
    expect((await admin.get("/api/support-messages?from=2024-02-29&to=2025-12-31")).status).toBe(200);
  });
});

describe("malformed multipart", () => {
  const truncated =
    '--XyZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
  it("a truncated part or a missing boundary is a 400 on every upload route", async () => {
    const m = await server.member();
    const before = (await m.get("/api/me")).body.user.currentBalance;
    for (const path of ["/api/image-server/upload", "/api/generate"]) {
      for (const [type, body] of [
        ["multipart/form-data; boundary=XyZ", truncated],
        ["multipart/form-data", "garbage"],
        ["multipart/form-data; boundary=XyZ", "--Other\r\n\r\n"],
      ] as const) {
        const res = await raw(m, "POST", path, type, body);
        expect(res.status, `${path} ${type} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${type} ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(typeof res.body.message).toBe("string");
      }
    }
    expect((await m.get("/api/me")).body.user.currentBalance).toBe(before);
  });
});

describe("deep and huge JSON", () => {
  it("deeply nested JSON is a 400 on /api/auth/* and on our routes", async () => {
    const deep = `{"email":"a@b.c","password":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/new-support-message"]) {
      const res = await raw(null, "POST", path, "application/json", deep);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe(SECURITY_MESSAGES.tooDeep);
    }
  });

  it("a body over 1 MB is a 413 with a message", async () => {
    const res = await raw(
      null,
      "POST",
      "/api/auth/sign-in/email",
      "application/json",
      JSON.stringify({ email: "a@b.c", password: "x".repeat(2 * 1024 * 1024) }),
    );
    expect(res.status).toBe(413);
    expect(typeof res.body.message).toBe("string");
  });
});

describe("PayPal order ids", () => {
  it("an id like '..' is refused before PayPal is called", async () => {
    const m = await server.member();
    for (const bad of ["..", "../v1/oauth2/token", "A B", "x".repeat(80)]) {
      const res = await m.post("/api/paypal/capture-order", {
        kind: "package",
        id: "0b7e4f52-2c1a-4d8e-9f3b-6a5c4d3e2f10",
        paypalOrderId: bad,
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toContain(SECURITY_MESSAGES.invalidPaypalOrderId);
    }
  });
});

describe("admin numeric input", () => {
  it("a balance of 2^31, a blank or a fraction is refused and the balance stays", async () => {
    const m = await server.member();
    const id = (await m.get("/api/me")).body.user._id;
    for (const bad of [2 ** 31, "2147483648", "", "  ", 1.5, -1, "12abc"]) {
      const res = await admin.put(`/api/users/${id}`, { currentBalance: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect((await m.get("/api/me")).body.user.currentBalance).toBe(3);
    const ok = await admin.put(`/api/users/${id}`, { currentBalance: "10" });
    expect(ok.status).toBe(200);
    expect(ok.body.user.currentBalance).toBe(10);
  });
});

describe("a route's rate limit", () => {
  it("answers 429 with TOO_MANY_REQUESTS, how long to wait in words and a Retry-After header", async () => {
    // The contact form allows 10 a minute per address (the NUL test above sent one already).
    let res: Response | undefined;
    for (let i = 0; i < 12; i++) {
      res = await fetch(`${server.url}/api/new-support-message`, {
        method: "POST",
        headers: { origin: server.url, "content-type": "application/json" },
        body: JSON.stringify({
          ticketUserName: "Busy Visitor",
          ticketUserEmail: "busy@example.com",
          phone: "+1 555 0100",
          subject: `Question ${i}`,
          message: "Hello",
        }),
      });
      if (res.status === 429) break;
      await res.body?.cancel();
    }
    expect(res?.status).toBe(429);
    const seconds = Number(res!.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    const body = await res!.json();
    expect(body.code).toBe("TOO_MANY_REQUESTS");
    expect(body.message).toBe(SECURITY_MESSAGES.tooManyRequests(seconds));
  });
});
