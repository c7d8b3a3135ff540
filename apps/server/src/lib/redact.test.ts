import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact.js";

describe("redactUrl", () => {
  it("hides reset and verification tokens in paths and queries", () => {
    expect(redactUrl("/api/auth/reset-password/abc123?callbackURL=%2Freset")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=%2Freset",
    );
    expect(redactUrl("/reset-password?token=abc123&x=1")).toBe("/reset-password?token=[redacted]&x=1");
    expect(redactUrl("/api/auth/verify-email?token=eyJ.x.y&callbackURL=/")).toBe(
      "/api/auth/verify-email?token=[redacted]&callbackURL=/",
    );
    expect(redactUrl("/api/packages?page=2")).toBe("/api/packages?page=2");
  });

  it("redacts whatever the letter case (the quick test before the replaces must not let one through)", () => {
    expect(redactUrl("/Reset-Password/abc123")).toBe("/Reset-Password/[redacted]");
    expect(redactUrl("/callback?x=1&CODE=abc&State=def")).toBe("/callback?x=1&CODE=[redacted]&State=[redacted]");
    expect(redactUrl("/api/hero-section")).toBe("/api/hero-section");
  });
});
