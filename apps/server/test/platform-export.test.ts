import { randomUUID } from "node:crypto";
import { EXPORT_PLATFORMS, fillTokens, GENERATOR_MESSAGES } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generations } from "../src/db/schema/index.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";
import { LEFTOVER_TAG, renderWithEngine, SAMPLE_ADDRESS, sampleValues } from "./platform-render.js";

/**
 * GET /api/templates/:id/export/:platform (issue 38 item 3, decision 114): a member's template, saved through the
 * email engine, exported to each platform and rendered by an engine of the platform's family with sample data.
 */
const TEMPLATE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Spring sale</title></head>
<body style="margin:0;background:#ffffff;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:24px;color:#222222;padding:24px;">
<h1 style="font-size:24px;">Spring sale</h1>
<p>Hi {{first_name|there}}, the spring sale for {{company|your team}} starts today.</p>
<img src="https://example.com/hero.png" alt="Sale for {{first_name|you}}" width="560" style="display:block;max-width:100%;height:auto;border:0;">
<p><a href="https://example.com/shop" style="color:#0b57d0;">Shop the sale</a></p>
</td></tr></table></body></html>`;

let server: TestServer;
let member: TestClient;
let id: string;

beforeAll(async () => {
  server = await startTestServer({ env: { RENDERER: "off" } });
  member = await server.member();
  const res = await member.post("/api/templates/import", { html: TEMPLATE });
  expect(res.status).toBe(201);
  id = res.body.data._id;
});
afterAll(async () => {
  await server?.close();
});

describe("GET /api/templates/:id/export/:platform", () => {
  for (const platform of EXPORT_PLATFORMS) {
    it(`${platform}: text/html download that renders with sample data, compliance footer added and noted`, async () => {
      const res = await member.get(`/api/templates/${id}/export/${platform}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="spring-sale-${platform}.html"`);
      const notes = JSON.parse(decodeURIComponent(res.headers.get("x-export-notes") ?? "")) as string[];
      const html = res.body as string;
      if (platform === "html") {
        expect(html).not.toMatch(LEFTOVER_TAG);
        expect(html).toContain("Hi there, the spring sale for your team starts today.");
        expect(notes.some((n) => n.includes("no unsubscribe link"))).toBe(true);
        return;
      }
      expect(notes.some((n) => n.startsWith("Added an unsubscribe link"))).toBe(true);
      const rendered = await renderWithEngine(platform, html, sampleValues());
      expect(rendered).not.toMatch(LEFTOVER_TAG);
      expect(rendered).toContain("Hi Ada, the spring sale for Analytical Engines starts today.");
      expect(rendered).toContain('alt="Sale for Ada"');
      expect(rendered).toMatch(/<a href="https:\/\/example\.com\/unsubscribe\/ada"[^>]*>Unsubscribe<\/a>/);
      if (platform !== "brevo")
        expect(rendered).toContain(
          platform === "sendgrid" || platform === "hubspot" ? SAMPLE_ADDRESS : sampleValues().company_address,
        );
      // Byte for byte what the stored template shows with the same values, apart from the added footer.
      const stored = (await member.get(`/api/templates/${id}`)).body.data.html as string;
      const footerAt = rendered.indexOf(
        '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" style="padding:16px;',
      );
      expect(footerAt).toBeGreaterThan(0);
      const withoutFooter = rendered.slice(0, footerAt) + rendered.slice(rendered.indexOf("</table>", footerAt) + 8);
      expect(withoutFooter).toBe(fillTokens(stored, sampleValues()));
    });
  }

  it("template code a member pasted goes out as text: the platform's engine runs none of it (decision 125)", async () => {
    const pasted = TEMPLATE.replace(
      "<p><a href",
      "<p>{% include 'secrets' %} {{> partial}} {{ range.constructor(\"return 6*7\")() }}</p><p><a href",
    );
    const res = await member.post("/api/templates/import", { html: pasted });
    expect(res.status).toBe(201);
    for (const platform of ["sendgrid", "klaviyo", "hubspot"] as const) {
      const out = await member.get(`/api/templates/${res.body.data._id}/export/${platform}`);
      const notes = JSON.parse(decodeURIComponent(out.headers.get("x-export-notes") ?? "")) as string[];
      expect(notes.some((n) => n.startsWith("Template code that") && n.includes("{% include 'secrets' %}"))).toBe(true);
      const rendered = await renderWithEngine(platform, out.body as string, sampleValues());
      expect(rendered).toContain("Hi Ada, the spring sale for Analytical Engines starts today.");
      expect(rendered).toContain("&#123;&#37; include 'secrets' &#37;&#125;");
      expect(rendered).not.toMatch(/>\s*42\s*</);
    }
  });

  it("is the caller's own only: another member's template answers 404 exactly as an unknown id (no existence oracle)", async () => {
    const other = await server.member();
    const refused = await other.get(`/api/templates/${id}/export/mailchimp`);
    const unknown = await other.get(`/api/templates/${randomUUID()}/export/mailchimp`);
    expect(refused.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(refused.body).toEqual(unknown.body);
    expect(refused.body.message).toBe(GENERATOR_MESSAGES.templateNotFound);
    expect(JSON.stringify(refused.body)).not.toMatch(/spring sale/i);
    // An administrator is no exception: the export is of one's own templates.
    const admin = await server.admin();
    expect((await admin.get(`/api/templates/${id}/export/brevo`)).status).toBe(404);
    expect((await server.client().get(`/api/templates/${id}/export/mailchimp`)).status).toBe(401);
    expect((await member.get(`/api/templates/${id}/export/constantcontact`)).status).toBe(400);
  });

  it("a template made with a brand kit: Brevo's footer carries the kit's address, noted; Mailchimp editable=1 adds mc:edit", async () => {
    const res = await member.post("/api/templates/import", { html: TEMPLATE });
    const kitted = res.body.data._id as string;
    await server.ctx.db
      .update(generations)
      .set({
        brandKit: {
          id: randomUUID(),
          version: 1,
          name: "Harbour & Co",
          logoUrl: null,
          palette: { primary: "#0f766e", accent: "#c026d3", text: "#1a1a1a", background: "#ffffff", link: "#0f766e" },
          font: { name: "", stylesheetUrl: null, fallback: "Arial, sans-serif" },
          footer: { address: "1 Harbour Road, Bristol BS1 4RN", social: [] },
          tone: [],
        },
      })
      .where(eq(generations.id, kitted));
    const brevo = await member.get(`/api/templates/${kitted}/export/brevo`);
    expect(brevo.status).toBe(200);
    const notes = JSON.parse(decodeURIComponent(brevo.headers.get("x-export-notes") ?? "")) as string[];
    expect(notes.some((n) => n.startsWith("Added the postal address of your brand kit “Harbour & Co”"))).toBe(true);
    const rendered = await renderWithEngine("brevo", brevo.body as string, sampleValues());
    expect(rendered).toContain('1 Harbour Road, Bristol BS1 4RN<br><a href="https://example.com/unsubscribe/ada"');

    const editable = await member.get(`/api/templates/${kitted}/export/mailchimp?editable=1`);
    const plain = await member.get(`/api/templates/${kitted}/export/mailchimp`);
    expect(editable.body).toContain('mc:edit="content_1"');
    expect(plain.body).not.toContain("mc:edit");
    expect((editable.body as string).replace(/ mc:edit="content_\d+"/g, "")).toBe(plain.body);
  });

  it("the zip export has a folder per platform with its HTML and notes", async () => {
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${server.url}/api/templates/${id}/export?format=zip`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    for (const platform of EXPORT_PLATFORMS) {
      expect(Object.keys(files)).toContain(`${platform}/index.html`);
    }
    const mailchimp = new TextDecoder().decode(files["mailchimp/index.html"]);
    expect(mailchimp).toContain("*|IF:FNAME|**|FNAME|**|ELSE:|*there*|END:IF|*");
    expect(mailchimp).toContain('href="*|UNSUB|*"');
    expect(new TextDecoder().decode(files["mailchimp/notes.txt"])).toContain("Added an unsubscribe link");
  });
});
