import { describe, expect, it } from "vitest";
import { processEmail } from "../process-email.js";
import { caniemailChecks } from "./caniemail.js";
import type { Finding } from "./caniemail-run.js";

const outlook = (feature: string): Finding => ({ feature, client: "outlook", platform: "windows", support: "none" });
const outlookCheck = (findings: Finding[]) => caniemailChecks(findings).find((c) => c.id === "caniemail.outlook")!;

describe("caniemail findings in the report", () => {
  it("a graceful fallback (square corners, no hover) passes and still lists what the reader sees", () => {
    const c = outlookCheck([outlook("border-radius"), outlook(":hover"), outlook("<body> element")]);
    expect(c.status).toBe("pass");
    expect(c.reason).toMatch(/falls? back gracefully/);
    expect(c.items).toEqual(["border-radius (Windows): square corners", ":hover (Windows): no hover effect"]);
  });

  it("a feature with no known fallback is a warning, one that hides content fails", () => {
    expect(outlookCheck([outlook("border-radius"), outlook("rem unit")]).status).toBe("warn");
    expect(outlookCheck([outlook("border-radius"), outlook("<svg> element")]).status).toBe("fail");
  });

  it("a client with no findings passes", () => {
    expect(outlookCheck([]).status).toBe("pass");
    expect(outlookCheck([]).items).toBeUndefined();
  });

  it("a picture inlined as a data: URL warns in Gmail, which does not show it; a hosted one does not (decision 116)", () => {
    const email = (src: string) =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>News</title></head><body><p>This week in the shop: new linen shirts and a summer sale.</p><img src="${src}" alt="Linen shirts" width="300"></body></html>`;
    const gmail = (src: string) =>
      processEmail({ html: email(src), source: "existing" }).report.checks.find((c) => c.id === "caniemail.gmail")!;
    const inline = gmail(`data:image/png;base64,${"iVBORw0K".repeat(500)}`);
    expect(inline.status).toBe("warn");
    expect(inline.items?.join(" ")).toMatch(/Base 64 image format/);
    expect(gmail("https://cdn.example.com/shirts.png").status).toBe("pass");
  });
});
