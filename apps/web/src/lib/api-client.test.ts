import { FETCH_MESSAGES } from "@mailsmith/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorMessage } from "./api-client";

/** Failures in words (decision 127): no raw JSON, status codes or provider bodies on a page. */
describe("errorMessage", () => {
  it("shows a person's message and replaces what is not for people with the fallback", () => {
    expect(errorMessage(new ApiError(409, "TICKET_CLOSED", "This ticket is closed."), "x")).toBe(
      "This ticket is closed.",
    );
    for (const raw of [
      'API Error: 500 - {"error":{"code":500,"status":"INTERNAL"}}',
      '{"message":"boom"}',
      "TypeError: Failed to fetch",
      "HTTP_502",
      "Request failed with status 503",
      "    at handler (/srv/app.js:10:5)",
    ])
      expect(errorMessage(new Error(raw), "Could not save.")).toBe("Could not save.");
  });
});

describe("the API client", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("turns a failed answer without a message (a proxy's page) into words, never its status or body", async () => {
    vi.stubGlobal("fetch", async () => new Response("<html><h1>502 Bad Gateway</h1></html>", { status: 502 }));
    const err = (await api.get("/api/x").catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe(FETCH_MESSAGES.httpError(502));
    expect(err.message).not.toMatch(/\d{3}|</);
    vi.stubGlobal("fetch", async () => Response.json({ error: { code: 500, message: "upstream" } }, { status: 500 }));
    const raw = (await api.get("/api/x").catch((e: unknown) => e)) as ApiError;
    expect(raw.message).toBe(FETCH_MESSAGES.httpError(500));
  });
});
