import { PROFILE_MESSAGES, ZEmailFixResponseSchema, ZMeResponseSchema } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { designForm, templateOfJob } from "./generator-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * The member's language (issue 45 item 3, decision 133): a profile setting, stored on the user, in the member's data,
 * and the `lang` the accessibility fix writes when an email's text is too short to tell — on Check my email, on a
 * template's "Fix accessibility" and on a generated email.
 */
let server: TestServer;
let member: TestClient & { id: string };

beforeAll(async () => {
  server = await startTestServer();
  const m = await server.member();
  member = Object.assign(m, { id: (await m.get("/api/me")).body.user._id as string });
});
afterAll(async () => {
  await server?.close();
});

/** 17 letters of text: too little for any language detection to decide. */
const SHORT = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<table role="presentation" width="600"><tr><td><h1>Spring sale</h1><p>See you soon</p></td></tr></table></body></html>`;
const LONG = SHORT.replace(
  "<p>See you soon</p>",
  "<p>Everything in the shop is half price this week, with free delivery on every order and a gift with each one.</p>",
);

const me = async (c: TestClient) => ZMeResponseSchema.parse((await c.get("/api/me")).body).user;
const langOf = (html: string) => /<html[^>]* lang="([^"]+)"/.exec(html)?.[1];
const fixedLang = async (c: TestClient, html: string) => {
  const res = await c.post("/api/email-fix", { html, fixes: ["accessibility"] });
  expect(res.status).toBe(200);
  return langOf(ZEmailFixResponseSchema.parse(res.body).html);
};

describe("the member's language", () => {
  it("is English until the member chooses, and a short email gets it", async () => {
    expect((await me(member)).language).toBe("en");
    expect(await fixedLang(member, SHORT)).toBe("en");
  });

  it("is saved from the profile, refused when not in the list (400, unchanged), kept when a form leaves it out", async () => {
    const saved = await member.put(`/api/update-user-profile/${member.id}`, { userName: "Ada", language: "fr" });
    expect(saved.status).toBe(200);
    expect(saved.body.user.language).toBe("fr");

    const refused = await member.put(`/api/update-user-profile/${member.id}`, { userName: "Ada", language: "xx-evil" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(PROFILE_MESSAGES.languageUnknown);
    expect((await me(member)).language).toBe("fr");

    const photoOnly = await member.put(`/api/update-user-profile/${member.id}`, { userName: "Ada", city: "Lyon" });
    expect(photoOnly.status).toBe(200);
    expect((await me(member)).language).toBe("fr");
  });

  it("is the lang of a short email on Check my email; enough text still decides by itself", async () => {
    expect(await fixedLang(member, SHORT)).toBe("fr");
    expect(await fixedLang(member, LONG)).toBe("en");
  });

  it("is the lang a template's Fix accessibility writes on a short email", async () => {
    const imported = await member.post("/api/templates/import", { html: SHORT });
    expect(imported.status).toBe(201);
    const fixed = await member.post(`/api/templates/${imported.body.data._id}/autofix`, { fix: "accessibility" });
    expect(fixed.status).toBe(201);
    expect(langOf(fixed.body.data.html)).toBe("fr");
  });
});

describe("a generation for a member whose language is German", () => {
  it('writes lang="de" on an email with too little text to tell (the local reader, no AI key)', async () => {
    const m = await server.member();
    const id = (await m.get("/api/me")).body.user._id as string;
    expect((await m.put(`/api/update-user-profile/${id}`, { userName: "Grete", language: "de" })).status).toBe(200);
    const page = `<!doctype html><html><body style="margin:0;background:#ffffff;font-family:Arial">
      <div style="width:600px;padding:60px 0;text-align:center"><h1 style="font-size:44px;color:#111">Sale</h1>
      <div style="display:inline-block;background:#1d4ed8;color:#fff;font-size:24px;padding:16px 40px">Shop</div></div></body></html>`;
    const design = (await server.ctx.renderer.render({ html: page, width: 600, maxHeightPx: 800 })).png;
    const res = await m.request("POST", "/api/generations", designForm(design));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data.jobs[0].engine).toBe("local-reader");
    const template = await templateOfJob(m, res.body.data.jobs[0]._id);
    expect(langOf(template.html)).toBe("de");
  });
});
