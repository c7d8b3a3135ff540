import { describe, expect, it } from "vitest";
import { formatBytes } from "./admin-users.js";

describe("formatBytes (the admin Storage column)", () => {
  it("reads as people read sizes, 1 KB = 1024 B", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1024)).toBe("1.0 KB");
    expect(formatBytes(7782)).toBe("7.6 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(formatBytes(3.5 * 1024 ** 3)).toBe("3.5 GB");
    expect(formatBytes(2 * 1024 ** 5)).toBe("2048.0 TB");
  });
});
