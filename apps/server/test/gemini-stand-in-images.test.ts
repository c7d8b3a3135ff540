import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";

/** The stand-in answers an image type Gemini cannot take as Google does (decision 103). */

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

async function generateWith(mimeType: string, data: Buffer) {
  const key = "AIza-stand-in-images";
  const listed = await fetch(`${standIn.url}/v1beta/models`, { headers: { "x-goog-api-key": key } });
  const models = listed.ok ? ((await listed.json()) as { models: { name: string }[] }).models : [];
  const model = models[0]?.name.replace(/^models\//, "") ?? "gemini-2.5-flash";
  return fetch(`${standIn.url}/v1beta/models/${model}:generateContent`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": key },
    body: JSON.stringify({
      contents: [
        { role: "user", parts: [{ text: "Describe" }, { inlineData: { mimeType, data: data.toString("base64") } }] },
      ],
    }),
  });
}

describe("Gemini stand-in: inline image types", () => {
  it("refuses a GIF with Google's 400 INVALID_ARGUMENT body", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#ff0000" } })
      .gif()
      .toBuffer();
    const res = await generateWith("image/gif", gif);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 400, message: "Unsupported MIME type: image/gif", status: "INVALID_ARGUMENT" },
    });
  });

  it("takes a PNG", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    expect((await generateWith("image/png", png)).status).toBe(200);
  });
});
