import { describe, expect, it } from "vitest";
import { readNdjson, responseError } from "./ndjson";

function bodyOf(...chunks: string[]) {
  const enc = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(enc.encode(chunk));
      c.close();
    },
  });
}

describe("readNdjson", () => {
  it("gives one event per line, whether lines are cut across chunks or the last has no newline", async () => {
    const seen: unknown[] = [];
    await readNdjson(bodyOf('{"type":"st', 'art"}\n\n{"type":"html","d', 'elta":"<p>"}\n{"type":"done"}'), (e) =>
      seen.push(e),
    );
    expect(seen).toEqual([{ type: "start" }, { type: "html", delta: "<p>" }, { type: "done" }]);
  });
});

describe("responseError", () => {
  it("carries the server's code and message, else words for the status class (no code, no page body)", async () => {
    const json = await responseError(
      new Response(JSON.stringify({ code: "INSUFFICIENT_CREDITS", message: "No credits." }), { status: 402 }),
    );
    expect([json.status, json.code, json.message]).toEqual([402, "INSUFFICIENT_CREDITS", "No credits."]);
    const html = await responseError(new Response("<h1>Bad gateway</h1>", { status: 502 }));
    expect([html.status, html.code]).toEqual([502, "HTTP_502"]);
    // Failures in words (decision 127): the member reads what happened, never the status number or the proxy's page.
    expect(html.message).toMatch(/server had a problem/i);
    expect(html.message).not.toMatch(/502|<h1>|Bad gateway/);
  });
});
