import { expect, it } from "vitest";
import { openSecret, registerSecretsKey, sealSecret } from "./secret-box.js";

it("seals with AES-GCM and opens with the key its id names", () => {
  registerSecretsKey("first-secret-first-secret-first-secret");
  const sealedA = sealSecret("AIzaSy-real-gemini-key");
  expect(sealedA).toMatch(/^enc:v1:/);
  expect(sealedA).not.toContain("AIzaSy");
  expect(sealSecret("AIzaSy-real-gemini-key")).not.toBe(sealedA); // fresh IV each time
  registerSecretsKey("second-secret-second-secret-second-s");
  expect(openSecret(sealedA)).toBe("AIzaSy-real-gemini-key");
  expect(openSecret(sealSecret("paypal-secret"))).toBe("paypal-secret");
});

it("reads values stored before sealing as they are, and never double-seals", () => {
  registerSecretsKey("third-secret-third-secret-third-secret");
  expect(openSecret("legacy-plain-value")).toBe("legacy-plain-value");
  const sealed = sealSecret("x");
  expect(sealSecret(sealed)).toBe(sealed);
  expect(sealSecret("")).toBe("");
});

it("gives an empty value, not garbage, for a tampered or foreign value", () => {
  registerSecretsKey("fourth-secret-fourth-secret-fourth-se");
  const sealed = sealSecret("value");
  const tampered = `${sealed.slice(0, -2)}AA`;
  expect(openSecret(tampered)).toBe("");
  expect(openSecret("enc:v1:unknownid:aaa:bbb:ccc")).toBe("");
});
