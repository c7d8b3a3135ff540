import { type TLegacyQualityReport, ZEmailReportSchema } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generations } from "../src/db/schema/index.js";
import { startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A report as older rows stored it (caniemail per client, fixes, missingAlt, insecureLinks). */
const OLD: TLegacyQualityReport = {
  sizeBytes: 4321,
  sizeStatus: "warn",
  clients: [
    { client: "Gmail", issues: [], degrades: [{ feature: "border-radius", platforms: ["ios"] }], fixed: [] },
    { client: "Outlook", issues: [{ feature: "display:flex", platforms: ["windows"] }], degrades: [], fixed: [] },
  ],
  fixes: ["Inlined and removed 1 <style> block"],
  missingAlt: ["https://example.com/a.png"],
  insecureLinks: ["http://example.com"],
  passed: false,
};

describe("templates stored with the old report shape", () => {
  it("read as the new report (list and detail), so the web never sees the old shape", async () => {
    const m = await server.member();
    const me = (await m.get("/api/me")).body.user;
    const insert = (report: unknown) =>
      server.ctx.db
        .insert(generations)
        .values({
          userId: me._id ?? me.id,
          status: "succeeded",
          emailType: "Newsletter Email Templates",
          subject: "Old one",
          html: "<p>Old</p>",
          text: "Old",
          report: report as TLegacyQualityReport,
        })
        .returning();
    const [old] = await insert(OLD);
    const [none] = await insert(null);

    const res = await m.get(`/api/templates/${old!.id}`);
    expect(res.status).toBe(200);
    const report = ZEmailReportSchema.parse(res.body.data.report);
    expect(report).toMatchObject({ passed: false, sizeBytes: 4321, render: null });
    expect(report.changes).toEqual(["Inlined and removed 1 <style> block"]);
    expect(report.checks.find((c) => c.id === "size.gmail-clip")?.status).toBe("warn");
    expect(report.checks.find((c) => c.id === "caniemail.outlook")).toMatchObject({
      status: "fail",
      items: ["display:flex"],
    });
    expect(report.checks.find((c) => c.id === "caniemail.gmail")?.status).toBe("warn");
    expect(report.checks.find((c) => c.id === "a11y.alt")?.items).toEqual(["https://example.com/a.png"]);
    expect(report.checks.find((c) => c.id === "links.https")?.items).toEqual(["http://example.com"]);

    const empty = await m.get(`/api/templates/${none!.id}`);
    expect(empty.status).toBe(200);
    expect(ZEmailReportSchema.parse(empty.body.data.report)).toMatchObject({ checks: [], passed: false });

    const list = await m.get("/api/templates");
    expect(list.status).toBe(200);
  });
});
