import http from "node:http";
import type { AddressInfo } from "node:net";
import { standInAnswer } from "./gemini.js";

/**
 * A faithful local OpenAI-compatible server (decision 115): POST /v1/chat/completions (streamed SSE or one JSON
 * answer), GET /v1/models, OpenAI's error bodies and headers. Answers are the Gemini stand-in's emails, so the
 * generator's tests read the same designs whichever provider made them. Shapes: ./contract.ts.
 *
 * A reasoning model (o…, gpt-5…) refuses a temperature other than 1 as OpenAI does (400, param "temperature").
 * Keys steer failures as in the Gemini stand-in: a key containing "fail-401" (or revoked) is refused with
 * invalid_api_key, "fail-429" answers rate_limit_exceeded with retry-after, "fail-500" a server error; "fail-html" a
 * proxy's HTML 502 page, "redirect" a 302 to a link-local address, "models-not-list" / "models-empty" a models answer
 * whose data is not a list / is empty (decision 131, issue 44). A prompt marker
 * [stand-in:malformed|refusal|truncated|unsafe|mjml|429|500] steers the answer.
 */

export interface OpenAiStandInCall {
  model: string;
  apiKey: string;
  imageCount: number;
  prompt: string;
  /** response_format.type of the request. */
  responseFormat: string;
  stream: boolean;
  /** The request body as sent (for the contract test). */
  body: unknown;
}

export interface OpenAiStandInAnswer {
  path: string;
  status: number;
  contentType: string;
  headers: Record<string, string>;
  body: string;
}

export interface OpenAiStandIn {
  /** Base URL, ending in /v1 as OpenAI's does. */
  url: string;
  calls: OpenAiStandInCall[];
  answers: OpenAiStandInAnswer[];
  revoke(apiKey: string): void;
  close(): Promise<void>;
}

export const OPENAI_STAND_IN_MODELS = ["gpt-4.1-mini", "gpt-4o", "llama3.2-vision"];

function openAiError(status: number, message: string, type: string, code: string | null, param: string | null = null) {
  return { status, body: { error: { message, type, param, code } } };
}

interface Part {
  type?: string;
  text?: string;
  image_url?: { url?: string };
}

/**
 * `models`: what GET /models lists; `unavailable`: listed models that answer chat completions with 404
 * model_not_found (a key without access to a listed model).
 */
export async function startOpenAiStandIn(
  opts: { models?: string[]; unavailable?: string[]; port?: number } = {},
): Promise<OpenAiStandIn> {
  const models = opts.models ?? OPENAI_STAND_IN_MODELS;
  const unavailable = new Set(opts.unavailable ?? []);
  const calls: OpenAiStandInCall[] = [];
  const answers: OpenAiStandInAnswer[] = [];
  const revoked = new Set<string>();
  let counter = 0;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        const text = JSON.stringify(body);
        const all = { "content-type": "application/json", ...headers };
        answers.push({ path: url.pathname, status, contentType: all["content-type"], headers, body: text });
        res.writeHead(status, all).end(text);
      };
      const fail = (e: ReturnType<typeof openAiError>, headers: Record<string, string> = {}) =>
        send(e.status, e.body, headers);

      const apiKey = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
      if (!apiKey || revoked.has(apiKey) || apiKey.includes("fail-401")) {
        const shown = apiKey ? `${apiKey.slice(0, 3)}*****${apiKey.slice(-4)}` : "";
        return fail(
          openAiError(
            401,
            apiKey
              ? `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`
              : "You didn't provide an API key.",
            "invalid_request_error",
            apiKey ? "invalid_api_key" : null,
          ),
        );
      }

      if (apiKey.includes("fail-html")) {
        const page =
          "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
        answers.push({ path: url.pathname, status: 502, contentType: "text/html", headers: {}, body: page });
        return res.writeHead(502, { "content-type": "text/html" }).end(page);
      }
      if (apiKey.includes("redirect")) {
        const location = "http://169.254.169.254/latest/meta-data/";
        answers.push({ path: url.pathname, status: 302, contentType: "", headers: { location }, body: "" });
        return res.writeHead(302, { location }).end();
      }
      if (req.method === "GET" && url.pathname === "/v1/models") {
        if (apiKey.includes("models-not-list")) return send(200, { object: "list", data: "gpt-4o" });
        if (apiKey.includes("models-empty")) return send(200, { object: "list", data: [] });
        return send(200, {
          object: "list",
          data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "stand-in" })),
        });
      }
      if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") {
        return fail(openAiError(404, `Invalid URL (${req.method} ${url.pathname})`, "invalid_request_error", null));
      }

      let body: {
        temperature?: number | null;
        model?: string;
        messages?: { role?: string; content?: string | Part[] }[];
        stream?: boolean;
        response_format?: { type?: string };
      };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return fail(
          openAiError(400, "We could not parse the JSON body of your request.", "invalid_request_error", null),
        );
      }
      const model = body.model ?? "";
      if (!models.includes(model) || unavailable.has(model)) {
        return fail(
          openAiError(
            404,
            `The model \`${model}\` does not exist or you do not have access to it.`,
            "invalid_request_error",
            "model_not_found",
          ),
        );
      }
      // OpenAI's reasoning models (o-series, gpt-5) take only the default temperature, and say so.
      if (/^(o\d|gpt-5)/.test(model) && typeof body.temperature === "number" && body.temperature !== 1) {
        return fail(
          openAiError(
            400,
            `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
            "invalid_request_error",
            "unsupported_value",
            "temperature",
          ),
        );
      }
      const parts: Part[] = (body.messages ?? []).flatMap((m) =>
        typeof m.content === "string" ? [{ type: "text", text: m.content }] : (m.content ?? []),
      );
      const prompt = parts
        .filter((p) => p.type === "text")
        .map((p) => p.text ?? "")
        .join("\n");
      const images = parts.filter((p) => p.type === "image_url").length;
      const responseFormat = body.response_format?.type ?? "text";
      const stream = body.stream === true;
      calls.push({ model, apiKey, imageCount: images, prompt, responseFormat, stream, body });

      const [, marker] = prompt.match(/\[stand-in:(\w+)\]/) ?? [];
      if (apiKey.includes("fail-429") || marker === "429") {
        return fail(
          openAiError(
            429,
            `Rate limit reached for ${model} on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.`,
            "requests",
            "rate_limit_exceeded",
          ),
          { "retry-after": "20", "retry-after-ms": "20000", "x-ratelimit-remaining-requests": "0" },
        );
      }
      if (apiKey.includes("fail-500") || marker === "500") {
        return fail(openAiError(500, "The server had an error while processing your request.", "server_error", null));
      }

      const answer = standInAnswer(prompt, marker, images, responseFormat === "json_schema");
      let text =
        marker === "malformed" ? "I am sorry, I could not turn this design into an email." : JSON.stringify(answer);
      let finish: "stop" | "length" = "stop";
      if (marker === "truncated") {
        text = text.slice(0, Math.floor(text.length / 2));
        finish = "length";
      }
      const refusal = marker === "refusal" ? "I'm sorry, I can't help with that." : null;
      const id = `chatcmpl-standin${++counter}`;
      const created = Math.floor(Date.now() / 1000);

      if (!stream) {
        return send(200, {
          id,
          object: "chat.completion",
          created,
          model,
          service_tier: "default",
          system_fingerprint: "fp_standin",
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: refusal ? null : text, refusal },
              logprobs: null,
              finish_reason: finish,
            },
          ],
          usage: {
            prompt_tokens: 100,
            completion_tokens: Math.ceil(text.length / 4),
            total_tokens: 100 + Math.ceil(text.length / 4),
          },
        });
      }
      const base = {
        id,
        object: "chat.completion.chunk",
        created,
        model,
        service_tier: "default",
        system_fingerprint: "fp_standin",
      };
      // As OpenAI does by default (stream_options.include_obfuscation, in its OpenAPI document): each chunk carries
      // random padding so its size does not tell the text's length. Clients must ignore it (decision 119).
      const pad = (n: number) => "x7Qp2LmZ9aRt".slice(0, 1 + (n % 12));
      const events: unknown[] = [
        {
          ...base,
          choices: [
            { index: 0, delta: { role: "assistant", content: "", refusal: null }, logprobs: null, finish_reason: null },
          ],
          obfuscation: pad(0),
        },
      ];
      if (refusal) {
        events.push({
          ...base,
          choices: [{ index: 0, delta: { refusal }, logprobs: null, finish_reason: null }],
          obfuscation: pad(1),
        });
      } else {
        const size = Math.max(1, Math.ceil(text.length / 6));
        for (let i = 0; i < text.length; i += size) {
          events.push({
            ...base,
            choices: [{ index: 0, delta: { content: text.slice(i, i + size) }, logprobs: null, finish_reason: null }],
            obfuscation: pad(i),
          });
        }
      }
      events.push({
        ...base,
        choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: finish }],
        obfuscation: pad(text.length),
      });
      const sent = `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("")}data: [DONE]\n\n`;
      answers.push({ path: url.pathname, status: 200, contentType: "text/event-stream", headers: {}, body: sent });
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      // In pieces, as a real server flushes them.
      for (const e of sent.split(/(?<=\n\n)/)) res.write(e);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    answers,
    revoke: (k) => revoked.add(k),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
