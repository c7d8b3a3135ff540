import { connect, createServer, type Server, type Socket } from "node:net";
import { SECURITY_MESSAGES } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../src/lib/db-unavailable.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Issue 15 item 7: while PostgreSQL is unreachable the API answers 503 with Retry-After and a message, and it
 * recovers by itself. The database sits behind a TCP proxy this test controls: cutting the proxy closes every
 * connection and refuses new ones, exactly like a database host going away; restoring it brings it back.
 */
class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0) {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", resolve);
    });
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
  }

  /** Refuses new connections and drops the open ones. */
  async cut() {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
    this.server = null;
  }

  async restore() {
    if (!this.server) await this.start(this.port);
  }
}

const pgUrl = process.env.TEST_DATABASE_URL;
const contact = {
  ticketUserName: "Visitor",
  ticketUserEmail: "visitor@example.com",
  subject: "Hello",
  phone: "+1 555 0100",
  message: "Question",
};

describe("isDatabaseUnavailable", () => {
  it("recognises connection failures, including wrapped ones, and nothing else", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable({ message: "Failed query", cause: { code: "57P01" } })).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
  });
});

describe.skipIf(!pgUrl)("PostgreSQL unreachable", () => {
  let server: TestServer;
  let member: TestClient & { email: string; password: string };
  let proxy: TcpProxy;

  beforeAll(async () => {
    const target = new URL(pgUrl!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    server = await startTestServer({
      databaseUrl: (url) => {
        const u = new URL(url);
        u.hostname = "127.0.0.1";
        u.port = String(proxy.port);
        return u.toString();
      },
    });
    member = await server.member();
  }, 120_000);
  afterAll(async () => {
    await proxy?.restore();
    await server?.close();
  });

  it("answers 503 with Retry-After and a message, then recovers by itself", async () => {
    expect((await member.get("/api/support-messages")).status).toBe(200);
    await proxy.cut();

    for (const res of [
      await member.get("/api/support-messages"),
      await server.client().post("/api/new-support-message", contact),
      await server.client().get("/api/packages"),
      await server.client().post("/api/auth/sign-in/email", { email: member.email, password: member.password }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.body.message).toBe(SECURITY_MESSAGES.databaseUnavailable);
    }

    await proxy.restore();
    // Recovery needs no restart: wait (without a timing assertion) until the pool reconnects.
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await member.get("/api/support-messages")).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect((await server.client().post("/api/new-support-message", contact)).status).toBe(201);
  }, 120_000);
});
