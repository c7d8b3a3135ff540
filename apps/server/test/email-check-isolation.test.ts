import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";
import {
  arrivals,
  closeListeners,
  documentFor,
  type Listener,
  nothingArrived,
  settle,
  startTargets,
  THROUGH_THE_SANITISER,
  VECTORS,
} from "./network-vectors.js";

// Decision 101 through the route members use: Check my email renders the member's HTML (processed) with the server's
// own renderer at four sizes. The vectors that get through a sanitiser, aimed at loopback listeners, in one email:
// no connection. (The renderer's own test, renderer-isolation.test.ts, renders the whole corpus.)

let server: TestServer;
let targets: Listener[] = [];

beforeAll(async () => {
  targets = await startTargets();
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await closeListeners(targets);
});

describe("Check my email with markup aimed at internal addresses", () => {
  it("renders the email and no listener sees a connection", { timeout: 180_000 }, async () => {
    const member = await server.member();
    const html = THROUGH_THE_SANITISER.map((name) => documentFor(targets, VECTORS[name]!)).join("\n");
    const res = await member.post("/api/email-check", { html });
    expect(res.status).toBe(200);
    // Rendered for real (not skipped because the browser was unavailable).
    expect(res.body.report.render).toMatchObject({ available: true });
    await settle(targets);
    expect(arrivals(targets)).toEqual(nothingArrived(targets));
  });
});
