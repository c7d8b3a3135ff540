import { ThinkingLevel } from "@google/genai";
import { describe, expect, it } from "vitest";
import type { GeminiModelInfo } from "../../db/schema/ai-keys.js";
import { parseModelName, rankModels, thinkingFor } from "./models.js";

const m = (id: string, methods = ["generateContent", "countTokens"], thinking = true): GeminiModelInfo => ({
  id,
  displayName: id,
  version: "",
  inputTokenLimit: 1_048_576,
  outputTokenLimit: 65_536,
  methods,
  thinking,
});

describe("Gemini model names (decision 094)", () => {
  it("reads version, tier and stability from the name", () => {
    expect(parseModelName("models/gemini-3.1-flash-lite")).toMatchObject({
      version: 3.1,
      tier: "flash-lite",
      stable: true,
    });
    expect(parseModelName("gemini-2.5-flash-preview-04-17")).toMatchObject({
      version: 2.5,
      tier: "flash",
      stable: false,
    });
    expect(parseModelName("gemini-2.0-flash-exp-1206")).toMatchObject({ stable: false });
    expect(parseModelName("gemini-2.0-flash-001")).toMatchObject({ version: 2, tier: "flash", stable: true });
    expect(parseModelName("gemini-flash-latest")).toMatchObject({ version: null, stable: false });
    expect(parseModelName("gemini-2.5-flash-preview-tts").special).toBe(true);
    expect(parseModelName("gemini-3.1-flash-image").special).toBe(true);
  });

  it("picks the newest stable Flash that answers generateContent; previews only when nothing else", () => {
    const listed = [
      m("gemini-2.5-flash"),
      m("gemini-3-pro"),
      m("gemini-3.1-flash-lite"),
      m("gemini-3-flash"),
      m("gemini-3-flash-001"),
      m("gemini-3.5-flash-preview"),
      m("gemini-3.1-flash-image"),
      m("gemini-3.1-flash-tts-preview"),
      m("gemini-embedding-001", ["embedContent"]),
      m("gemini-flash-latest"),
    ];
    expect(rankModels(listed).map((x) => x.id)).toEqual([
      "gemini-3-flash",
      "gemini-3-flash-001",
      "gemini-2.5-flash",
      "gemini-3.1-flash-lite",
      "gemini-3-pro",
      "gemini-3.5-flash-preview",
    ]);
    // Only previews listed: the newest of them.
    expect(rankModels([m("gemini-3.5-flash-preview"), m("gemini-3-pro-preview")])[0]!.id).toBe(
      "gemini-3.5-flash-preview",
    );
    expect(rankModels([m("gemini-3.5-flash-preview"), m("gemini-4-flash-exp-0101")])[0]!.id).toBe(
      "gemini-4-flash-exp-0101",
    );
    // Version numbers compare as numbers: 3.10 is not below 3.9 by accident of strings, 10 is above 9.
    expect(rankModels([m("gemini-9-flash"), m("gemini-10-flash")])[0]!.id).toBe("gemini-10-flash");
  });

  it("sets thinking by family: Gemini 3 a level, 2.5 a budget, older and non-thinking models nothing", () => {
    expect(thinkingFor("gemini-3-flash")).toEqual({ thinkingLevel: ThinkingLevel.LOW });
    expect(thinkingFor("gemini-3-pro")).toEqual({ thinkingLevel: ThinkingLevel.LOW });
    expect(thinkingFor("gemini-2.5-flash")).toEqual({ thinkingBudget: 0 });
    expect(thinkingFor("gemini-2.5-flash-lite")).toEqual({ thinkingBudget: 0 });
    expect(thinkingFor("gemini-2.5-pro")).toEqual({ thinkingBudget: 128 });
    expect(thinkingFor("gemini-2.0-flash")).toBeUndefined();
    expect(thinkingFor("gemini-3-flash", { thinking: false })).toBeUndefined();
  });
});
