import { afterEach, describe, expect, it, vi } from "vitest";
import { scrollBehavior } from "./motion";

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal("window", {
    matchMedia: (query: string) => ({ matches: reduce && query === "(prefers-reduced-motion: reduce)" }),
  });
}

describe("scrollBehavior", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("glides by default and jumps when the system asks for reduced motion", () => {
    preferReducedMotion(false);
    expect(scrollBehavior()).toBe("smooth");
    preferReducedMotion(true);
    expect(scrollBehavior()).toBe("auto");
  });

  it("glides where there is no window or no matchMedia (server render, old browsers)", () => {
    expect(scrollBehavior()).toBe("smooth");
    vi.stubGlobal("window", {});
    expect(scrollBehavior()).toBe("smooth");
  });
});
