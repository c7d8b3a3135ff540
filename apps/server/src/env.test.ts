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
});
