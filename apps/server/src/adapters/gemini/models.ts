import { ThinkingLevel } from "@google/genai";
import type { GeminiModelInfo } from "../../db/schema/ai-keys.js";

/**
 * What Mailsmith knows about Gemini model names (decision 094): the facts `models.list` gives, the family a name
 * belongs to, which models the generator can use, which one it prefers, and the thinking settings of each family.
 * Pure functions: the key pool (features/ai-keys) stores the lists and applies the policy.
 *
 * Sources: https://ai.google.dev/api/models (Model: name "models/{id}", version, displayName, inputTokenLimit,
 * outputTokenLimit, supportedGenerationMethods, thinking); https://ai.google.dev/gemini-api/docs/thinking (Gemini 3 and
 * later: thinkingLevel; Gemini 2.5: thinkingBudget, 0 turns thinking off on Flash and Flash-Lite, Pro cannot turn it
 * off, its minimum budget is 128; both in one request is a 400).
 */

/**
 * Settings the request sends as generationConfig.thinkingConfig (none for models that do not think). The level is the
 * SDK's enum (ThinkingLevel.LOW = "LOW", the proto enum name; the REST docs' examples write it lower-case).
 */
export type ThinkingSettings =
  | { thinkingLevel: ThinkingLevel.LOW | ThinkingLevel.HIGH }
  | { thinkingBudget: number }
  | undefined;

/** A model name's parts: gemini-<version>-<class>[-lite][-<tag>] */
export interface ModelName {
  /** 3.1 for gemini-3.1-flash-lite; null when the name carries no number (aliases such as gemini-flash-latest). */
  version: number | null;
  /** flash, flash-lite, pro or other. */
  tier: "flash" | "flash-lite" | "pro" | "other";
  /** No -preview, -exp, -experimental, -latest or date suffix. */
  stable: boolean;
  /** Text-to-speech, image output, live/audio, embeddings … — models that cannot write our JSON from a design. */
  special: boolean;
}

const SPECIAL =
  /(^|-)(tts|image|image-generation|live|audio|native-audio|embedding|aqa|computer-use|robotics|nano|omni)(-|$)/;
/** A date or build stamp: -04-17, -0827, -1219 (exp-1206), -05-06. Pinned numbers such as -001 are stable. */
const DATED = /-(\d{2}-\d{2}|\d{4})$/;

export function parseModelName(id: string): ModelName {
  const name = id.replace(/^models\//, "").toLowerCase();
  const v = name.match(/^gemini-(\d+(?:\.\d+)?)-/);
  const tier = /(^|-)flash-lite(-|$)/.test(name)
    ? "flash-lite"
    : /(^|-)flash(-|$)/.test(name)
      ? "flash"
      : /(^|-)pro(-|$)/.test(name)
        ? "pro"
        : "other";
  const stable = !/(^|-)(preview|exp|experimental|latest)(-|$)/.test(name) && !DATED.test(name);
  return {
    version: v ? Number(v[1]) : null,
    tier,
    stable,
    special: SPECIAL.test(name),
  };
}

/** The thinking settings for a model: a layout task wants speed over deep reasoning. */
export function thinkingFor(id: string, info?: Pick<GeminiModelInfo, "thinking">): ThinkingSettings {
  if (info && !info.thinking) return undefined;
  const { version, tier } = parseModelName(id);
  if (version === null) return undefined;
  if (version >= 3) return { thinkingLevel: ThinkingLevel.LOW };
  if (version >= 2.5) return tier === "pro" ? { thinkingBudget: 128 } : { thinkingBudget: 0 };
  return undefined;
}

/**
 * Whether the generator can use a model at all: a Gemini model that answers generateContent, reads images and writes
 * text (structured output) — not text-to-speech, image output, live audio, embeddings or aliases without a version.
 */
export function isUsable(m: GeminiModelInfo): boolean {
  const n = parseModelName(m.id);
  return m.id.startsWith("gemini-") && m.methods.includes("generateContent") && !n.special && n.version !== null;
}

/** Flash first (quality for the price, thinking can be kept low), then Flash-Lite, then Pro (slow and costly). */
const TIER_RANK: Record<ModelName["tier"], number> = { flash: 0, "flash-lite": 1, pro: 2, other: 3 };

/**
 * The usable models, best first: stable before preview; then Flash, Flash-Lite, Pro; then the highest
 * version number; then the plain name before a pinned one (gemini-3-flash before gemini-3-flash-001).
 */
export function rankModels(models: GeminiModelInfo[]): GeminiModelInfo[] {
  return models
    .filter(isUsable)
    .map((m) => ({ m, n: parseModelName(m.id) }))
    .sort(
      (a, b) =>
        Number(b.n.stable) - Number(a.n.stable) ||
        TIER_RANK[a.n.tier] - TIER_RANK[b.n.tier] ||
        (b.n.version ?? 0) - (a.n.version ?? 0) ||
        a.m.id.length - b.m.id.length ||
        a.m.id.localeCompare(b.m.id),
    )
    .map(({ m }) => m);
}

/** One REST `Model` (https://ai.google.dev/api/models#Model) into what we store. */
export function fromRestModel(m: {
  name?: string;
  displayName?: string;
  version?: string;
  inputTokenLimit?: number;
  outputTokenLimit?: number;
  supportedGenerationMethods?: string[];
  /** The SDK's name for supportedGenerationMethods. */
  supportedActions?: string[];
  thinking?: boolean;
}): GeminiModelInfo {
  const id = (m.name ?? "").replace(/^models\//, "");
  return {
    id,
    displayName: m.displayName ?? id,
    version: m.version ?? "",
    inputTokenLimit: m.inputTokenLimit ?? 0,
    outputTokenLimit: m.outputTokenLimit ?? 0,
    methods: m.supportedGenerationMethods ?? m.supportedActions ?? [],
    thinking: m.thinking ?? false,
  };
}
