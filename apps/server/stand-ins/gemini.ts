import http from "node:http";
import type { AddressInfo } from "node:net";
import { MODEL_IMAGE_MIME_TYPES } from "@mailsmith/shared";
import { escapeHtml } from "../src/lib/escape-html.js";

/**
 * A local Gemini stand-in over real HTTP: the generateContent and streamGenerateContent (alt=sse) REST shapes
 * that @google/genai calls, at <baseUrl>/<version>/models/<model>:<method>. For tests and for offline demos,
 * used only when GEMINI_BASE_URL points at it (and an admin has added a key: any value works).
 *
 * Models: `GET /v1beta/models` (models.list, pages of `pageSize` with `nextPageToken`) and `GET /v1beta/models/{id}`
 * answer the configured list (STAND_IN_MODELS by default, `setModels()` to change it); a generation with a model not
 * in the list answers 404 NOT_FOUND as Google does for a retired model.
 *
 * Errors are Google's bodies (google.rpc.Status with details; contract in ./contract.ts). Behaviour is chosen by the
 * API key or by a marker in the prompt:
 * - key containing "invalid" or fail-400 (or revoked with `revoke(key)`) → 400 INVALID_ARGUMENT, ErrorInfo reason
 *   API_KEY_INVALID, on every method (Google never answers 401 for an API key); fail-403 → 403 PERMISSION_DENIED
 *   (a key reported as leaked), "suspended" → 403 CONSUMER_SUSPENDED naming the key, on every method; no key → 403
 *   PERMISSION_DENIED (unregistered caller);
 * - key containing fail-429 → 429 RESOURCE_EXHAUSTED with QuotaFailure, Help and RetryInfo (retryDelay "17s", or
 *   "<n>s" with -retry-<n>s in the key); fail-500 | fail-503 → that error; these on generations only (models.list has
 *   its own quota); fail-html → a proxy's HTML 502 page on every method; on models.list "models-not-list" → a
 *   `models` that is not a list, "models-empty" → `{}` (Google leaves an empty list out) (decision 131, issue 44);
 * - prompt marker [stand-in:malformed] → prose instead of the JSON answer;
 *   [stand-in:empty] → a candidate with no text; [stand-in:truncated] → half an answer, finishReason MAX_TOKENS;
 *   [stand-in:blocked] → promptFeedback.blockReason SAFETY; [stand-in:429] / [stand-in:500] → that HTTP error;
 *   [stand-in:hang] → never answers; [stand-in:slow] → the good email in many chunks, 150 ms apart;
 *   [stand-in:crawl] → the good email in 40 chunks, 300 ms apart (a generation still running after seconds);
 *   [stand-in:hold:NAME] → the first chunk of the good email, then nothing until NAME is released (`release(NAME)`,
 *   or `POST /stand-in/release/NAME`), then the rest at once — a generation that is running for as long as a test
 *   needs, whatever the machine's speed; a released NAME answers at once from then on;
 *   [stand-in:unsafe] → a good-looking email with a script, an onclick, flex layout, a <style> block and an image without alt;
 *   [stand-in:mjml], or a prompt that asks for MJML ("Write MJML") → the good email written in MJML (in the html field);
 * - otherwise a good email (JSON {subject, preheader, html}) built from the email type and instructions in the prompt.
 *   With design images attached it also answers `images` (bounding boxes [ymin, xmin, ymax, xmax] on 0–1000 of a
 *   logo and a photo in the first design, as the response schema asks) and its HTML refers to them as image:<id>.
 */

export interface StandInCall {
  method: "generateContent" | "streamGenerateContent";
  model: string;
  apiKey: string;
  imageCount: number;
  prompt: string;
  /** The request asked for structured output (a response schema). */
  structured: boolean;
  /** The request body as sent (for the contract test). */
  body: unknown;
  /** Date.now() when the request arrived. */
  at: number;
}

/** One models.list / models.get request. */
export interface StandInListCall {
  apiKey: string;
  pageToken: string | null;
  pageSize: number | null;
  at: number;
}

/** One answer as sent: status, content type and body text (for the contract test). */
export interface StandInAnswer {
  path: string;
  status: number;
  contentType: string;
  body: string;
}

/** A model the stand-in lists: Google's REST `Model` (https://ai.google.dev/api/models#Model). */
export interface StandInModel {
  name: string;
  baseModelId?: string;
  version: string;
  displayName: string;
  description?: string;
  inputTokenLimit: number;
  outputTokenLimit: number;
  supportedGenerationMethods: string[];
  temperature?: number;
  maxTemperature?: number;
  topP?: number;
  topK?: number;
  thinking?: boolean;
}

const GENERATE = ["generateContent", "countTokens", "createCachedContent", "batchGenerateContent"];

function model(id: string, displayName: string, extra: Partial<StandInModel> = {}): StandInModel {
  return {
    name: `models/${id}`,
    version: id.match(/^gemini-(\d+(?:\.\d+)?)/)?.[1] ?? "001",
    displayName,
    description: displayName,
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: GENERATE,
    temperature: 1,
    maxTemperature: 2,
    topP: 0.95,
    topK: 64,
    thinking: true,
    ...extra,
  };
}

/**
 * What the stand-in lists by default: today's models as Google lists them (late 2026) — gemini-2.5-flash is retired,
 * so a server still hard-wired to it fails (issue 34). Also models the generator must not pick: a preview, an
 * image-output model, a text-to-speech model and an embedding model.
 */
export const STAND_IN_MODELS: StandInModel[] = [
  model("gemini-3-flash", "Gemini 3 Flash"),
  model("gemini-3.1-flash-lite", "Gemini 3.1 Flash-Lite"),
  model("gemini-3-pro", "Gemini 3 Pro"),
  model("gemini-3.5-flash-preview", "Gemini 3.5 Flash Preview"),
  model("gemini-3.1-flash-image", "Gemini 3.1 Flash Image", { thinking: false }),
  model("gemini-3.1-flash-tts-preview", "Gemini 3.1 Flash TTS Preview", { thinking: false }),
  model("gemini-embedding-001", "Gemini Embedding 001", {
    version: "001",
    inputTokenLimit: 2048,
    outputTokenLimit: 1,
    supportedGenerationMethods: ["embedContent", "countTextTokens", "countTokens"],
    thinking: undefined,
    temperature: undefined,
    maxTemperature: undefined,
    topP: undefined,
    topK: undefined,
  }),
];

export interface GeminiStandIn {
  url: string;
  calls: StandInCall[];
  /** models.list and models.get requests (kept apart from the generations in `calls`). */
  listCalls: StandInListCall[];
  /** Every answer sent, in order. */
  answers: StandInAnswer[];
  /** Lets answers held by [stand-in:hold:NAME] go on, and the next ones with that NAME answer at once. */
  release(name: string): void;
  /** Replaces the models listed (and the ones generations may use). */
  setModels(models: StandInModel[]): void;
  /** From now on this key answers 400 API_KEY_INVALID (a key deleted in Google AI Studio). */
  revoke(apiKey: string): void;
  /** Undoes revoke (the key works again). */
  restore(apiKey: string): void;
  close(): Promise<void>;
}

/** The names of [stand-in:hold:NAME] markers: which were released, and the answers waiting for the others. */
class Holds {
  private readonly released = new Set<string>();
  private readonly waiting = new Map<string, Set<() => void>>();

  release(name: string) {
    this.released.add(name);
    for (const go of this.waiting.get(name) ?? []) go();
    this.waiting.delete(name);
  }

  /** Resolves once `name` is released or the caller has gone (its response closed). */
  until(name: string, res: http.ServerResponse): Promise<void> {
    if (this.released.has(name) || res.destroyed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiters = this.waiting.get(name) ?? new Set<() => void>();
      this.waiting.set(name, waiters);
      const go = () => {
        waiters.delete(go);
        res.off("close", go);
        resolve();
      };
      waiters.add(go);
      res.once("close", go);
    });
  }
}

const HELP = {
  "@type": "type.googleapis.com/google.rpc.Help",
  links: [
    { description: "Learn more about Gemini API quotas", url: "https://ai.google.dev/gemini-api/docs/rate-limits" },
  ],
};

/**
 * Google's error bodies (google.rpc.Status): the key refused, quota, permission, not found, server errors. Texts as
 * Google sends them (see ./contract.ts for the sources).
 */
export function googleError(
  kind: "key-invalid" | "leaked" | "suspended" | "unregistered" | "quota" | "not-found" | "internal" | "unavailable",
  opts: { model?: string; method?: string; retryDelay?: string; apiKey?: string } = {},
): { status: number; body: { error: { code: number; message: string; status: string; details?: unknown[] } } } {
  const error = (code: number, status: string, message: string, details?: unknown[]) => ({
    status: code,
    body: { error: { code, message, status, ...(details ? { details } : {}) } },
  });
  switch (kind) {
    case "key-invalid":
      return error(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "API_KEY_INVALID",
          domain: "googleapis.com",
          metadata: { service: "generativelanguage.googleapis.com" },
        },
        {
          "@type": "type.googleapis.com/google.rpc.LocalizedMessage",
          locale: "en-US",
          message: "API key not valid. Please pass a valid API key.",
        },
      ]);
    case "leaked":
      return error(403, "PERMISSION_DENIED", "Your API key was reported as leaked. Please use another API key.");
    case "suspended":
      // Google's text names the key (googleapis/generative-ai-docs#356): callers must redact it.
      return error(
        403,
        "PERMISSION_DENIED",
        `Permission denied: Consumer 'api_key:${opts.apiKey ?? ""}' has been suspended.`,
        [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "CONSUMER_SUSPENDED",
            domain: "googleapis.com",
            metadata: { service: "generativelanguage.googleapis.com", consumer: "projects/578829824020" },
          },
        ],
      );
    case "unregistered":
      return error(
        403,
        "PERMISSION_DENIED",
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      );
    case "quota": {
      const delay = opts.retryDelay ?? "17s";
      return error(
        429,
        "RESOURCE_EXHAUSTED",
        `You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. To monitor your current usage, head to: https://ai.dev/rate-limit. \n* Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_paid_tier_requests, limit: 1000, model: ${opts.model ?? "gemini-3-flash"}\nPlease retry in ${delay}.`,
        [
          {
            "@type": "type.googleapis.com/google.rpc.QuotaFailure",
            violations: [
              {
                quotaMetric: "generativelanguage.googleapis.com/generate_content_paid_tier_requests",
                quotaId: "GenerateRequestsPerMinutePerProjectPerModel",
                quotaDimensions: { location: "global", model: opts.model ?? "gemini-3-flash" },
                quotaValue: "1000",
              },
            ],
          },
          HELP,
          { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: delay },
        ],
      );
    }
    case "not-found":
      return error(
        404,
        "NOT_FOUND",
        `models/${opts.model} is not found for API version v1beta, or is not supported for ${opts.method ?? "generateContent"}. Call ListModels to see the list of available models and their supported methods.`,
      );
    case "internal":
      return error(500, "INTERNAL", "An internal error has occurred.");
    case "unavailable":
      return error(503, "UNAVAILABLE", "The model is overloaded. Please try again later.");
  }
}

const COLORS: Record<string, string> = {
  blue: "#1d4ed8",
  red: "#dc2626",
  green: "#15803d",
  yellow: "#eab308",
  purple: "#7e22ce",
  orange: "#ea580c",
  black: "#111827",
};

/** A realistic, email-safe answer: 600 px table layout with a <style> block (as models often write). */
export function standInEmail(opts: { emailType: string; instructions: string; images: number; boxes?: boolean }) {
  const lower = opts.instructions.toLowerCase();
  const colorName = Object.keys(COLORS).find((c) => lower.includes(c));
  const header = colorName ? COLORS[colorName]! : "#eab308";
  // White text on yellow fails WCAG contrast (1.9:1): light headers get dark text.
  const headerText = header === "#eab308" ? "#111827" : "#ffffff";
  const title = opts.emailType.replace(/ Templates?$/, "");
  const note = opts.instructions ? `<p style="margin:0 0 12px;">${escapeHtml(opts.instructions)}</p>` : "";
  const sections = [
    ["Why you will love it", "Hand-picked products, fast shipping and friendly support."],
    ["This week only", "Save 20% on everything in the spring collection."],
    ["What customers say", "&ldquo;The best purchase I made this year.&rdquo;"],
    ["How it works", "Choose, check out and track your order in one place."],
    ["Need help?", "Reply to this email and a real person will answer."],
  ]
    .map(
      ([h, p]) => `<tr><td class="section" style="padding:24px 32px;border-top:1px solid #e5e7eb;">
<h2 style="margin:0 0 8px;font-size:20px;line-height:28px;color:#111827;">${h}</h2>
<p style="margin:0;">${p}</p></td></tr>`,
    )
    .join("\n");
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { margin:0; padding:0; background-color:#f3f4f6; }
  .wrapper { width:100%; background-color:#f3f4f6; }
  .content { font-family: Arial, Helvetica, sans-serif; font-size:16px; line-height:24px; color:#374151; }
  .button { background-color:#dc2626; border-radius:6px; }
</style></head>
<body>
<div class="preheader" style="display:none;">${escapeHtml(title)}: fresh picks and an offer inside.</div>
<table role="presentation" class="wrapper" width="100%" cellpadding="0" cellspacing="0" border="0">
<tr><td align="center" style="padding:24px 0;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" class="content" style="width:600px;background-color:#ffffff;">
<tr><td style="background-color:${header};padding:24px 32px;" data-testid="header">${opts.boxes ? '<img src="image:logo" width="120" alt="Brand logo" style="display:block;width:120px;height:auto;border:0;margin:0 0 12px;">' : ""}<h1 style="margin:0;font-size:28px;line-height:36px;color:${headerText};">${escapeHtml(title)}</h1></td></tr>
<tr><td style="padding:0;"><img src="${opts.boxes ? "image:hero" : "https://placehold.co/600x240/png"}" width="600" alt="Featured collection" style="display:block;width:100%;height:auto;border:0;"></td></tr>
<tr><td style="padding:24px 32px;">${note}<p style="margin:0 0 16px;">Hello there, here is what is new for you${opts.images ? ` (designed from ${opts.images} image${opts.images > 1 ? "s" : ""})` : ""}.</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td class="button" style="padding:12px 24px;">
<a href="https://example.com/shop" style="color:#ffffff;text-decoration:none;font-weight:bold;">Shop now</a></td></tr></table></td></tr>
${sections}
<tr><td style="padding:24px 32px;background-color:#1d4ed8;color:#ffffff;font-size:12px;line-height:18px;">
You received this email because you subscribed. <a href="https://example.com/unsubscribe" style="color:#ffffff;">Unsubscribe</a></td></tr>
</table></td></tr></table></body></html>`;
  const images = opts.boxes
    ? [
        { id: "logo", kind: "logo", alt: "Brand logo", design: 1, box: [20, 40, 120, 300] },
        { id: "hero", kind: "photo", alt: "Featured collection", design: 1, box: [200, 0, 600, 1000] },
      ]
    : [];
  return {
    subject: `${title} from Mailsmith`,
    preheader: `${title}: fresh picks and an offer inside.`,
    images,
    html,
    designText: `${title} Why you will love it This week only Shop now`,
  };
}

/** The good email written in MJML (the MJML output path, email-engine/mjml.ts): two columns, a button, a footer. */
export function standInMjmlEmail(opts: { emailType: string; instructions: string; images: number; boxes?: boolean }) {
  const base = standInEmail(opts);
  const title = escapeHtml(opts.emailType.replace(/ Templates?$/, ""));
  const hero = opts.boxes ? "image:hero" : "https://placehold.co/600x240/png";
  const logo = opts.boxes
    ? '<mj-image src="image:logo" width="120px" alt="Brand logo" align="left" padding="0 0 12px" />'
    : "";
  const html = `<mjml>
  <mj-head><mj-title>${title}</mj-title><mj-preview>${escapeHtml(base.preheader)}</mj-preview>
    <mj-attributes><mj-all font-family="Arial, Helvetica, sans-serif" /><mj-text font-size="16px" line-height="24px" color="#374151" /></mj-attributes>
  </mj-head>
  <mj-body width="600px" background-color="#f3f4f6">
    <mj-section background-color="#eab308" padding="24px 32px"><mj-column>${logo}
      <mj-text font-size="28px" line-height="36px" color="#111827" padding="0"><h1 style="margin:0;font-size:28px;">${title}</h1></mj-text>
    </mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="0"><mj-column><mj-image src="${hero}" width="600px" alt="Featured collection" padding="0" /></mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="24px 16px">
      <mj-column><mj-text><h2 style="margin:0 0 8px;font-size:20px;">Why you will love it</h2>Hand-picked products, fast shipping and friendly support.</mj-text></mj-column>
      <mj-column><mj-text><h2 style="margin:0 0 8px;font-size:20px;">This week only</h2>Save 20% on everything in the spring collection.</mj-text>
        <mj-button href="https://example.com/shop" background-color="#dc2626" color="#ffffff" font-weight="bold" border-radius="6px">Shop now</mj-button></mj-column>
    </mj-section>
    <mj-section background-color="#1d4ed8" padding="16px 32px"><mj-column>
      <mj-text color="#ffffff" font-size="12px" line-height="18px">You received this email because you subscribed. <a href="https://example.com/unsubscribe" style="color:#ffffff;">Unsubscribe</a></mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
  return { ...base, html };
}

/** The sample the post-processor must clean: script, onclick, flex, <style>, image without alt. */
export function standInUnsafeEmail() {
  const html = `<!DOCTYPE html><html><head><style>.row{display:flex;gap:8px}.cta{color:var(--brand)}</style>
<script>alert("x")</script></head><body>
<div class="row" onclick="track()"><img src="https://example.com/logo.png"><a class="cta" href="http://example.com">Buy</a></div>
<form action="https://example.com"><input name="q"></form><iframe src="https://example.com"></iframe>
</body></html>`;
  return { subject: "Unsafe sample", preheader: "", html };
}

/** The MIME types of the request's inline data parts. */
function inlineMimeTypes(body: unknown): string[] {
  const contents = (body as { contents?: { parts?: { inlineData?: { mimeType?: unknown } }[] }[] })?.contents ?? [];
  return contents.flatMap((c) => c.parts ?? []).flatMap((p) => (p.inlineData ? [String(p.inlineData.mimeType)] : []));
}

function promptText(body: unknown): { prompt: string; images: number; structured: boolean } {
  const config = (body as { generationConfig?: { responseSchema?: unknown; responseJsonSchema?: unknown } })
    ?.generationConfig;
  const structured = Boolean(config?.responseSchema ?? config?.responseJsonSchema);
  const contents = (body as { contents?: { parts?: { text?: string; inlineData?: unknown }[] }[] })?.contents ?? [];
  let prompt = "";
  let images = 0;
  for (const c of contents) {
    for (const p of c.parts ?? []) {
      if (typeof p.text === "string") prompt += `${p.text}\n`;
      if (p.inlineData) images += 1;
    }
  }
  return { prompt, images, structured };
}

function field(prompt: string, label: string): string {
  const m = prompt.match(new RegExp(`^${label}:[ \\t]*(.*)$`, "m"));
  return m?.[1]?.trim() ?? "";
}

/** The email a stand-in answers for this prompt (shared with the OpenAI-compatible stand-in, decision 115). */
export function standInAnswer(prompt: string, marker: string | undefined, images: number, structured: boolean) {
  const emailType = field(prompt, "Email type") || "Promotional Email Templates";
  const instructions = field(prompt, "Member instructions");
  const boxes = structured && images > 0;
  if (marker === "unsafe") return standInUnsafeEmail();
  if (marker === "mjml" || prompt.includes("Write MJML"))
    return standInMjmlEmail({ emailType, instructions, images, boxes });
  return standInEmail({ emailType, instructions, images, boxes });
}

function splitInto(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [""];
}

/** One GenerateContentResponse (https://ai.google.dev/api/generate-content#generatecontentresponse). */
const chunkJson = (model: string, responseId: string, text: string | null, finishReason?: string) => ({
  candidates: [
    {
      content: { role: "model", parts: text === null ? [] : [{ text }] },
      ...(finishReason ? { finishReason } : {}),
      index: 0,
    },
  ],
  usageMetadata: {
    promptTokenCount: 100,
    candidatesTokenCount: 50,
    totalTokenCount: 150,
    promptTokensDetails: [{ modality: "TEXT", tokenCount: 100 }],
  },
  modelVersion: model,
  responseId,
});

const blockedJson = (model: string, responseId: string) => ({
  promptFeedback: { blockReason: "SAFETY" },
  usageMetadata: { promptTokenCount: 100, totalTokenCount: 100 },
  modelVersion: model,
  responseId,
});

export async function startGeminiStandIn(
  opts: { port?: number; host?: string; models?: StandInModel[] } = {},
): Promise<GeminiStandIn> {
  const calls: StandInCall[] = [];
  const listCalls: StandInListCall[] = [];
  const answers: StandInAnswer[] = [];
  const revoked = new Set<string>();
  let models = opts.models ?? STAND_IN_MODELS;
  let responses = 0;
  const holds = new Holds();
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const release = req.method === "POST" ? url.pathname.match(/^\/stand-in\/release\/([\w-]+)$/) : null;
    if (release) {
      holds.release(release[1]!);
      res.writeHead(204).end();
      return;
    }
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      answers.push({ path: url.pathname, status, contentType: "application/json; charset=UTF-8", body: text });
      res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
      res.end(text);
    };
    const fail = (e: ReturnType<typeof googleError>) => send(e.status, e.body);
    const apiKey = String(req.headers["x-goog-api-key"] ?? url.searchParams.get("key") ?? "");
    /** The key itself refused (every method): Google answers 400 API_KEY_INVALID or 403, never 401. */
    const keyRefusal = () => {
      if (!apiKey) return googleError("unregistered");
      if (revoked.has(apiKey) || /invalid|fail-40[01]/.test(apiKey)) return googleError("key-invalid");
      if (apiKey.includes("suspended")) return googleError("suspended", { apiKey });
      if (apiKey.includes("fail-403")) return googleError("leaked");
      return null;
    };

    if (apiKey.includes("fail-html")) {
      const page =
        "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n";
      answers.push({ path: url.pathname, status: 502, contentType: "text/html", body: page });
      res.writeHead(502, { "content-type": "text/html" }).end(page);
      return;
    }
    const list = req.method === "GET" ? url.pathname.match(/^\/(v1|v1beta|v1alpha)\/models(?:\/([^/:]+))?$/) : null;
    if (list) {
      const pageSize = url.searchParams.get("pageSize");
      const pageToken = url.searchParams.get("pageToken");
      listCalls.push({ apiKey, pageToken, pageSize: pageSize ? Number(pageSize) : null, at: Date.now() });
      const refused = keyRefusal();
      if (refused) return fail(refused);
      if (list[2]) {
        const found = models.find((m) => m.name === `models/${list[2]}`);
        return found ? send(200, found) : fail(googleError("not-found", { model: list[2], method: "get" }));
      }
      if (apiKey.includes("models-not-list")) return send(200, { models: "gemini-3-flash" });
      if (apiKey.includes("models-empty")) return send(200, {});
      // models.list: 50 a page by default, at most 1000; nextPageToken only while more follow.
      const size = Math.min(1000, Math.max(1, Number(pageSize) || 50));
      const start = pageToken ? Number(Buffer.from(pageToken, "base64url").toString("utf8")) || 0 : 0;
      const page = models.slice(start, start + size);
      const next = start + size < models.length ? Buffer.from(String(start + size)).toString("base64url") : null;
      return send(200, { models: page, ...(next ? { nextPageToken: next } : {}) });
    }

    const m = url.pathname.match(/^\/(v1|v1beta|v1alpha)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/);
    if (req.method !== "POST" || !m) {
      return send(404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    }
    const method = m[3] as StandInCall["method"];
    const modelId = m[2]!;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      body = undefined;
    }
    const { prompt, images, structured } = promptText(body);
    calls.push({ method, model: modelId, apiKey, imageCount: images, prompt, structured, body, at: Date.now() });

    const refused = keyRefusal();
    if (refused) return fail(refused);
    if (
      !models.some((x) => x.name === `models/${modelId}` && x.supportedGenerationMethods.includes("generateContent"))
    ) {
      return fail(googleError("not-found", { model: modelId, method }));
    }
    // Google refuses inline data of a type the model cannot take (GIF among them): 400 INVALID_ARGUMENT.
    const unsupported = inlineMimeTypes(body).find((t) => !(MODEL_IMAGE_MIME_TYPES as readonly string[]).includes(t));
    if (unsupported) {
      return send(400, {
        error: { code: 400, message: `Unsupported MIME type: ${unsupported}`, status: "INVALID_ARGUMENT" },
      });
    }
    const retryDelay = apiKey.match(/-retry-(\d+(?:\.\d+)?s)/)?.[1];
    if (apiKey.includes("fail-429")) return fail(googleError("quota", { model: modelId, retryDelay }));
    if (apiKey.includes("fail-500")) return fail(googleError("internal"));
    if (apiKey.includes("fail-503")) return fail(googleError("unavailable"));
    const [, marker, holdName = ""] = prompt.match(/\[stand-in:(\w+)(?::([\w-]+))?\]/) ?? [];
    if (marker === "429") return fail(googleError("quota", { model: modelId }));
    if (marker === "500") return fail(googleError("internal"));
    if (marker === "hang") return; // the caller's timeout ends it

    // Build the answer as Gemini would: JSON text, streamed in pieces.
    let pieces: (string | null)[];
    let finish = "STOP";
    let blocked = false;
    let delay = 0;
    if (marker === "malformed") pieces = ["I am sorry, I could not turn ", "this design into an email."];
    else if (marker === "empty") pieces = [null];
    else if (marker === "blocked") {
      blocked = true;
      pieces = [];
    } else {
      const answer = standInAnswer(prompt, marker, images, structured);
      const json = JSON.stringify(answer);
      if (marker === "truncated") {
        pieces = splitInto(json.slice(0, Math.floor(json.length / 2)), 4);
        finish = "MAX_TOKENS";
      } else if (marker === "slow") {
        pieces = splitInto(json, 20);
        delay = 150;
      } else if (marker === "crawl") {
        pieces = splitInto(json, 40);
        delay = 300;
      } else pieces = splitInto(json, 8);
    }
    const hold = marker === "hold";
    responses += 1;
    const responseId = `stand-in-${responses}`;

    if (method === "generateContent") {
      if (hold) await holds.until(holdName, res);
      if (res.destroyed) return;
      if (blocked) return send(200, blockedJson(modelId, responseId));
      const text = pieces.every((p) => p === null) ? null : pieces.join("");
      return send(200, chunkJson(modelId, responseId, text, finish));
    }
    // streamGenerateContent?alt=sse: each GenerateContentResponse as one server-sent event, "data: {json}\r\n\r\n".
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    let sent = "";
    const event = (json: unknown) => {
      const frame = `data: ${JSON.stringify(json)}\r\n\r\n`;
      sent += frame;
      res.write(frame);
    };
    const done = () => {
      answers.push({ path: url.pathname, status: 200, contentType: "text/event-stream", body: sent });
      res.end();
    };
    if (blocked) {
      event(blockedJson(modelId, responseId));
      return done();
    }
    for (let i = 0; i < pieces.length; i++) {
      if (res.destroyed) return;
      const last = i === pieces.length - 1;
      event(chunkJson(modelId, responseId, pieces[i] ?? null, last ? finish : undefined));
      if (delay) await new Promise((r) => setTimeout(r, delay));
      if (hold && i === 0) await holds.until(holdName, res);
    }
    done();
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${opts.host ?? "127.0.0.1"}:${address.port}`,
    calls,
    listCalls,
    answers,
    release: (name) => holds.release(name),
    setModels: (next) => {
      models = next;
    },
    revoke: (key) => revoked.add(key),
    restore: (key) => revoked.delete(key),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
