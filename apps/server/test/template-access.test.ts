import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema/index.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Decision 124: every /api/templates/:id… route answers another member exactly as it answers an
 * unknown id (404 and the same message, never 403), so no route tells a member which ids exist; and an administrator
 * deleting or restoring a member's template is in the audit log. The routes are read from the server's route table,
 * so a new template route is checked as soon as it exists.
 */
let server: TestServer;
let owner: TestClient;
let other: TestClient;
let admin: TestClient;
let png: Buffer;

const EMAIL = `<!doctype html><html lang="en"><head><title>Spring</title></head><body>
<table role="presentation" width="600"><tr><td><h1>Spring sale</h1><p>Hello there, new things arrived.</p>
<a href="https://example.com/shop">Shop now</a></td></tr></table></body></html>`;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.member();
  other = await server.member();
  admin = await server.admin();
  png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#08f" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await server?.close();
});

async function importTemplate(client: TestClient): Promise<string> {
  const res = await client.post("/api/templates/import", { html: EMAIL });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

/** A request a member could send to this route for template `id`, with a body the route accepts. */
function requestFor(client: TestClient, method: string, url: string, id: string) {
  const path = url.replace(":id", id).replace(":slot", "1").replace(":platform", "mailchimp");
  const form = () => {
    const fd = new FormData();
    fd.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "p.png");
    return fd;
  };
  const bodies: Record<string, unknown> = {
    "PATCH /api/templates/:id": { name: "Mine now" },
    "POST /api/templates/:id/autofix": { fix: "use-https" },
    "POST /api/templates/:id/edits": { edits: [{ op: "text", id: "text-1", text: "Hacked" }] },
    "POST /api/templates/:id/refine": { instructions: "Make it blue" },
    "POST /api/templates/:id/refinements": { instructions: "Make it blue" },
  };
  const key = `${method} ${url}`;
  const body = url.includes(":slot") || url.endsWith("/pictures") ? form() : bodies[key];
  const query = url.endsWith("/export") ? "?format=html" : "";
  return client.request(method, path + query, body);
}

describe("template routes with another member's id", () => {
  it("answer exactly as for an unknown id: 404 with the same message, never 403", async () => {
    const id = await importTemplate(owner);
    const routes = server.routeTable.filter((r) => r.url.startsWith("/api/templates/:id"));
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const seen: string[] = [];
    for (const r of routes) {
      if (r.method === "HEAD") continue;
      const theirs = await requestFor(other, r.method, r.url, id);
      const unknown = await requestFor(other, r.method, r.url, randomUUID());
      const label = `${r.method} ${r.url}`;
      expect(theirs.status, `${label}: ${JSON.stringify(theirs.body)}`).toBe(404);
      expect({ status: theirs.status, message: theirs.body?.message }, label).toEqual({
        status: unknown.status,
        message: unknown.body?.message,
      });
      seen.push(label);
    }
    // The owner's template is untouched by all of it.
    const mine = await owner.get(`/api/templates/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.name).not.toBe("Mine now");
    expect(seen).toEqual(expect.arrayContaining(["GET /api/templates/:id", "POST /api/templates/:id/restore"]));
  });

  it("restoring another member's deleted template answers 404 too, and it stays deleted", async () => {
    const id = await importTemplate(owner);
    expect((await owner.delete(`/api/templates/${id}`)).status).toBe(200);
    expect((await other.post(`/api/templates/${id}/restore`)).status).toBe(404);
    expect((await owner.get(`/api/templates/${id}`)).status).toBe(404);
  });
});

describe("an administrator's changes to a member's template are audited", () => {
  const entries = (action: string, id: string) =>
    server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

  it("deleting and restoring a member's template each leave an audit entry; the member's own do not", async () => {
    const id = await importTemplate(owner);
    expect((await admin.delete(`/api/templates/${id}`)).status).toBe(200);
    expect((await admin.post(`/api/templates/${id}/restore`)).status).toBe(200);
    const [deleted] = await entries("template.delete", id);
    const [restored] = await entries("template.restore", id);
    expect(deleted).toMatchObject({ actorEmail: "admin@test.local", targetType: "template" });
    expect(restored).toMatchObject({ actorEmail: "admin@test.local", targetType: "template" });
    expect(restored!.after).toMatchObject({ deleted: false });
    expect((await owner.get(`/api/templates/${id}`)).status).toBe(200);

    const own = await importTemplate(owner);
    expect((await owner.delete(`/api/templates/${own}`)).status).toBe(200);
    expect((await owner.post(`/api/templates/${own}/restore`)).status).toBe(200);
    expect(await entries("template.restore", own)).toHaveLength(0);
  });
});
