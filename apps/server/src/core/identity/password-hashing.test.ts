import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { passwordHashingFor, testPasswordHashing } from "./password-hashing.js";

describe("password hashing", () => {
  it("uses Better Auth's scrypt everywhere but in tests", () => {
    expect(passwordHashingFor("production")).toBeUndefined();
    expect(passwordHashingFor("development")).toBeUndefined();
    expect(passwordHashingFor("test")).toBe(testPasswordHashing);
  });

  it("test hashes verify the right password only, and are salted", async () => {
    const hash = await testPasswordHashing.hash("correct horse 1");
    expect(hash).not.toContain("correct horse 1");
    expect(await testPasswordHashing.verify({ hash, password: "correct horse 1" })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: "correct horse 2" })).toBe(false);
    expect(await testPasswordHashing.hash("correct horse 1")).not.toBe(hash);
  });

  it("a test hash never verifies with Better Auth's own scrypt (a production server)", async () => {
    const hash = await testPasswordHashing.hash("correct horse 1");
    expect(await verifyPassword({ hash, password: "correct horse 1" })).toBe(false);
  });

  it("in tests, hashes made by Better Auth still verify", async () => {
    const hash = await hashPassword("correct horse 1");
    expect(await testPasswordHashing.verify({ hash, password: "correct horse 1" })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: "wrong horse 1" })).toBe(false);
  });
});
