import { describe, expect, it } from "vitest";
import { createUrlSigner, isPrivateKey } from "./private-url.js";
import { keyFromUrl } from "./storage.js";

const KEY = "designs/0b6c3c1e-5d0e-4a4f-9a57-1f0e2c3d4b5a.png";
const parse = (url: string) => {
  const u = new URL(url, "http://x");
  return {
    path: u.pathname,
    expires: u.searchParams.get("expires") ?? undefined,
    sig: u.searchParams.get("sig") ?? undefined,
  };
};

describe("signed addresses of private stored files", () => {
  const signer = createUrlSigner("a-server-secret-of-at-least-32-characters");
  const now = Date.UTC(2026, 10, 27, 21, 0, 0);

  it("serve the file they were signed for until they expire", () => {
    const url = signer.sign(KEY, { now, ttlSeconds: 600 });
    const q = parse(url);
    expect(q.path).toBe(`/uploads/${KEY}`);
    expect(signer.check(KEY, q, now)).toBe(600);
    expect(signer.check(KEY, q, now + 599_000)).toBe(1);
    expect(signer.check(KEY, q, now + 600_000)).toBe(0);
  });

  it("are worth nothing for another file, with another expiry, another secret or no signature", () => {
    const q = parse(signer.sign(KEY, { now }));
    expect(signer.check(KEY.replace("0b6c", "0b6d"), q, now)).toBe(0);
    expect(signer.check(KEY, { ...q, expires: String(Number(q.expires) + 1) }, now)).toBe(0);
    expect(createUrlSigner("another-server-secret-of-32-characters-x").check(KEY, q, now)).toBe(0);
    expect(signer.check(KEY, { expires: q.expires }, now)).toBe(0);
    expect(signer.check(KEY, { expires: "1e12", sig: q.sig }, now)).toBe(0);
  });

  it("an absolute address when given the public URL", () => {
    expect(signer.sign(KEY, { now, publicUrl: "https://mail.example.com/" })).toMatch(
      /^https:\/\/mail\.example\.com\/uploads\/designs\/[\w-]+\.png\?expires=\d+&sig=[\w-]{43}$/,
    );
  });

  it("designs are the private folder; keys are read back from our addresses", () => {
    expect(isPrivateKey(KEY)).toBe(true);
    for (const k of ["generated/a.png", "thumbs/a.webp", "previews/a-desktop-1.webp", "profile/a.jpg"])
      expect(isPrivateKey(k)).toBe(false);
    expect(keyFromUrl(`http://localhost:3000/uploads/${KEY}?expires=1&sig=x`)).toBe(KEY);
    expect(keyFromUrl("https://bucket.example.com/thumbs/abc-1.webp")).toBe("thumbs/abc-1.webp");
    expect(keyFromUrl("https://placehold.co/600x300/png")).toBeNull();
  });
});
