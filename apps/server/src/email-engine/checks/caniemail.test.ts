import { describe, expect, it } from "vitest";
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
});
