import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.js";

describe("loadEnv", () => {
  it("applies defaults", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      SIGNUP_BONUS_CREDITS: 3,
      SEED_DEMO: true,
      publicUrl: "http://localhost:3000",
    });
    expect(env.dataDir).toMatch(/data$/);
  });

  it("names every bad setting in one clear message", () => {
    const attempt = () => loadEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", ADMIN_EMAIL: "not-an-email" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL must start with postgres://");
      expect(message).toContain("ADMIN_EMAIL must be an email address");
    }
  });

  it("reads the model servers the operator allows as origins or hosts, and refuses paths (decision 131)", () => {
    expect(loadEnv({}).OPENAI_COMPATIBLE_ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadEnv({ OPENAI_COMPATIBLE_ALLOWED_ORIGINS: " http://127.0.0.1:11434, ollama.lan ,[::1]" })
        .OPENAI_COMPATIBLE_ALLOWED_ORIGINS,
    ).toEqual(["http://127.0.0.1:11434", "ollama.lan", "[::1]"]);
    for (const bad of ["http://127.0.0.1:11434/v1", "127.0.0.1:11434", "ftp://x", "http://u:p@x"]) {
      expect(() => loadEnv({ OPENAI_COMPATIBLE_ALLOWED_ORIGINS: bad }), bad).toThrow(
        /OPENAI_COMPATIBLE_ALLOWED_ORIGINS/,
      );
    }
  });

  it("wants both Google settings or neither", () => {
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: "only-half" })).toThrow(
      /set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
  });

  it("requires a real auth secret in production", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(
      /BETTER_AUTH_SECRET: is required when NODE_ENV=production/,
    );
  });

  describe("in production", () => {
    const production = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "a".repeat(32),
      BETTER_AUTH_URL: "https://mail.example-shop.com",
      MAIL_FROM: "Mailsmith <no-reply@example-shop.com>",
    };

    it("starts with an https public address and a real sending domain", () => {
      expect(loadEnv(production).publicUrl).toBe("https://mail.example-shop.com");
    });

    it("refuses to start without BETTER_AUTH_URL, or with http on a public host", () => {
      expect(() => loadEnv({ ...production, BETTER_AUTH_URL: undefined })).toThrow(/BETTER_AUTH_URL: is required/);
      expect(() => loadEnv({ ...production, BETTER_AUTH_URL: "http://mail.example-shop.com" })).toThrow(
        /BETTER_AUTH_URL/,
      );
      expect(() => loadEnv({ ...production, BETTER_AUTH_URL: "http://127.0.0.1.evil.com" })).toThrow(/BETTER_AUTH_URL/);
      // A production-mode run on one machine (benchmarks, the cluster script) may use loopback http.
      expect(loadEnv({ ...production, BETTER_AUTH_URL: "http://127.0.0.1:3201" }).publicUrl).toBe(
        "http://127.0.0.1:3201",
      );
    });

    it("refuses the default .local sender and other reserved domains", () => {
      expect(() => loadEnv({ ...production, MAIL_FROM: undefined })).toThrow(
        /MAIL_FROM: must name a real sending domain/,
      );
      for (const from of ["a@shop.test", "Shop <a@example.com>", "a@localhost", "a@mail.internal", "not-an-address"]) {
        expect(() => loadEnv({ ...production, MAIL_FROM: from }), from).toThrow(/MAIL_FROM/);
      }
      expect(loadEnv({ ...production, MAIL_FROM: "news@shop.co.uk" }).MAIL_FROM).toBe("news@shop.co.uk");
    });

    it("leaves development and tests alone", () => {
      expect(loadEnv({}).MAIL_FROM).toMatch(/mailsmith\.local/);
    });
  });

  it("lets S3-compatible services turn the default checksums off", () => {
    expect(loadEnv({}).S3_CHECKSUMS).toBe("when_supported");
    expect(loadEnv({ S3_CHECKSUMS: "when_required" }).S3_CHECKSUMS).toBe("when_required");
    expect(() => loadEnv({ S3_CHECKSUMS: "never" })).toThrow(/S3_CHECKSUMS/);
  });
});
