import { sql } from "drizzle-orm";
import { parse } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";
import { HOSTILE_SNIPPETS, hostileSamples } from "./hostile-markup.js";

/**
 * Table-driven hostile input: every route of the OpenAPI document gets NUL bytes, impossible dates, huge numbers,
 * deep JSON, malformed multipart and an oversize body. Each answer must be a 4xx with a message (never a 5xx) and
 * the database must be exactly as before. Every route that takes HTML (a body field `html`) also gets very deep
 * nesting (4xx, nothing written) and samples of the hostile-markup generator (never a 5xx; any HTML it answers with
 * holds no live markup as a browser parses it).
 */

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string; schema?: { type?: string } }[];
  bodyProps: Record<string, { type?: string | string[]; format?: string }>;
  hasBody: boolean;
}

/** Routes that take an email's HTML: the email engine's input. */
const takesHtml = (op: Operation) => op.hasBody && "html" in op.bodyProps;

const UUID = "0b7e4f52-2c1a-4d8e-9f3b-6a5c4d3e2f10";
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Routes whose answers are not JSON documents of their own (streams, redirects to third parties, static docs). */
const SKIP = new Set(["GET /api/docs", "GET /api/docs/json", "GET /api/docs/yaml"]);

let server: TestServer;
let admin: TestClient;
const operations: Operation[] = [];

/** Rows of a raw query on either driver (PGlite answers { rows }, node-postgres too). */
async function query<T>(text: string): Promise<T[]> {
  const res = (await server.ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return res.rows;
}

async function snapshot(): Promise<string> {
  const rows = await query<{ tablename: string }>(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const parts: string[] = [];
  for (const { tablename } of rows) {
    if (tablename === "__drizzle_migrations") continue;
    const [row] = await query<{ h: string; n: number }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*) as n from "${tablename}" t`,
    );
    parts.push(`${tablename}:${row?.n}:${row?.h}`);
  }
  return parts.join("\n");
}

function resolveRef(doc: any, schema: any): any {
  if (schema?.$ref) {
    const name = String(schema.$ref).split("/").pop();
    return doc.components?.schemas?.[name!] ?? {};
  }
  return schema ?? {};
}

function fillPath(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, value);
}

beforeAll(async () => {
  // A key in the pool, so the generator reads its input (and would spend a credit) instead of answering 503 first.
  server = await startTestServer({ env: { GEMINI_BASE_URL: "http://127.0.0.1:9" } });
  admin = await server.admin();
  expect((await admin.post("/api/gemini-keys", { name: "hostile", key: "AIza-hostile-test-key" })).status).toBe(201);
  const doc = (await admin.get("/api/docs/json")).body;
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const m = method.toUpperCase();
      if (SKIP.has(`${m} ${path}`)) continue;
      const content = op.requestBody?.content ?? {};
      const bodySchema = resolveRef(doc, content["application/json"]?.schema ?? Object.values<any>(content)[0]?.schema);
      operations.push({
        method: m,
        path,
        params: (op.parameters ?? []).map((p: any) => ({ name: p.name, in: p.in, schema: p.schema })),
        bodyProps: bodySchema?.properties ?? {},
        hasBody: BODY_METHODS.has(m),
      });
    }
  }
});

afterAll(async () => {
  await server?.close();
});

type Case = {
  name: string;
  applies: (op: Operation) => boolean;
  send: (op: Operation) => Promise<{ status: number; body: any }>;
};

function queryOf(op: Operation, value: (name: string, type?: string) => string) {
  const q = new URLSearchParams();
  for (const p of op.params) if (p.in === "query") q.set(p.name, value(p.name, p.schema?.type));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** Only the date-like query parameters, each an impossible day. */
function dateQueryOf(op: Operation) {
  const q = new URLSearchParams();
  for (const p of op.params)
    if (p.in === "query" && /^(from|to|date|day|since|until)$/i.test(p.name)) q.set(p.name, "2025-02-30");
  return `?${q}`;
}

function bodyOf(op: Operation, value: (name: string, type?: string) => unknown) {
  const body: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(op.bodyProps)) {
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
    body[name] = value(name, type);
  }
  return body;
}

/** A request with a raw body (the harness client serialises bodies itself). */
async function raw(method: string, path: string, contentType: string, body: string) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      origin: server.url,
      cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "content-type": contentType,
    },
    body,
    redirect: "manual",
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body: parsed };
}

function deepJson(depth: number) {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

const NUL = "a\u0000b";
const cases: Case[] = [
  {
    name: "NUL byte in the path",
    applies: (op) => op.path.includes("{"),
    send: (op) => admin.request(op.method, fillPath(op.path, "x%00y"), op.hasBody ? {} : undefined),
  },
  {
    name: "NUL byte in every query parameter and body field",
    applies: (op) => op.params.some((p) => p.in === "query") || (op.hasBody && Object.keys(op.bodyProps).length > 0),
    send: (op) =>
      admin.request(
        op.method,
        fillPath(op.path, UUID) + queryOf(op, () => NUL),
        op.hasBody
          ? bodyOf(op, (_n, type) => (type === "string" || !type ? NUL : type === "array" ? [NUL] : NUL))
          : undefined,
      ),
  },
  {
    name: "impossible calendar dates",
    applies: (op) => op.params.some((p) => p.in === "query" && /^(from|to|date|day|since|until)$/i.test(p.name)),
    send: (op) => admin.request("GET", fillPath(op.path, UUID) + dateQueryOf(op)),
  },
  {
    name: "huge and empty numbers",
    applies: (op) => op.hasBody && Object.values(op.bodyProps).some((s) => s.type === "integer" || s.type === "number"),
    send: async (op) => {
      for (const huge of [2 ** 31, 1e308, -1, ""]) {
        const res = await admin.request(
          op.method,
          fillPath(op.path, UUID),
          bodyOf(op, (_n, type) => (type === "integer" || type === "number" ? huge : undefined)),
        );
        if (res.status < 400 || res.status >= 500) return { ...res, body: { value: huge, answer: res.body } };
      }
      return { status: 400, body: { message: "all refused" } };
    },
  },
  {
    name: "deeply nested JSON",
    applies: (op) => op.hasBody,
    send: (op) => raw(op.method, fillPath(op.path, UUID), "application/json", `{"a":${deepJson(5000)}}`),
  },
  {
    name: "malformed multipart",
    applies: (op) => op.hasBody,
    send: (op) =>
      raw(
        op.method,
        fillPath(op.path, UUID),
        "multipart/form-data; boundary=----hostile",
        '------hostile\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n',
      ),
  },
  {
    name: "multipart without a boundary",
    applies: (op) => op.hasBody,
    send: (op) => raw(op.method, fillPath(op.path, UUID), "multipart/form-data", "garbage"),
  },
  {
    name: "oversize body",
    applies: (op) => op.hasBody,
    send: (op) =>
      raw(
        op.method,
        fillPath(op.path, UUID),
        "application/json",
        JSON.stringify({ text: "x".repeat(3 * 1024 * 1024) }),
      ),
  },
];

describe("hostile input on every route of the OpenAPI document", () => {
  it("reads the document", () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  for (const c of cases) {
    it(`${c.name}: a 4xx with a message, never a 5xx, nothing written`, async () => {
      const before = await snapshot();
      const failures: string[] = [];
      let tried = 0;
      for (const op of operations) {
        if (!c.applies(op)) continue;
        tried += 1;
        const res = await c.send(op);
        const message =
          typeof res.body === "object" && res.body ? (res.body as { message?: unknown }).message : undefined;
        if (res.status < 400 || res.status >= 500 || typeof message !== "string" || !message) {
          failures.push(`${op.method} ${op.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
      expect(tried).toBeGreaterThan(0);
      expect(failures).toEqual([]);
      expect(await snapshot()).toBe(before);
    }, 300_000);
  }
});

/** Event handlers, script URLs and dropped elements left in a browser's parse (parse5, scripting off) of `html`. */
function liveMarkup(html: string): string[] {
  const found: string[] = [];
  const stack: unknown[] = [parse(html, { scriptingEnabled: false })];
  while (stack.length) {
    const node = stack.pop() as {
      tagName?: string;
      attrs?: { name: string; value: string }[];
      childNodes?: unknown[];
      content?: unknown;
    };
    if (node.tagName && /^(?:script|iframe|object|embed|svg|math|template|noscript|base)$/.test(node.tagName))
      found.push(node.tagName);
    for (const a of node.attrs ?? [])
      if (/^on/i.test(a.name) || /^\s*(?:javascript|vbscript|data:text)/i.test(a.value.replace(/[\t\n\r]/g, "")))
        found.push(`${node.tagName}[${a.name}=${a.value.slice(0, 60)}]`);
    stack.push(...(node.childNodes ?? []), ...(node.content ? [node.content] : []));
  }
  return found;
}

describe("hostile HTML on every route that takes HTML (issue 35)", () => {
  it("very deep nesting: a 4xx with a message (it was a 500 after seconds of work), nothing written", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    let tried = 0;
    for (const op of operations.filter(takesHtml)) {
      for (const html of ["<div>".repeat(100_000), `${"<table><tr><td>".repeat(1_000)}x`, "<b>".repeat(1_000)]) {
        tried += 1;
        const res = await admin.request(op.method, fillPath(op.path, UUID), { html });
        const message = (res.body as { message?: unknown } | undefined)?.message;
        if (res.status < 400 || res.status >= 500 || typeof message !== "string" || !message)
          failures.push(
            `${op.method} ${op.path} (${html.slice(0, 20)}…) → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
          );
      }
    }
    expect(tried).toBeGreaterThanOrEqual(6);
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  }, 300_000);

  it("generated hostile markup: never a 5xx, and no live markup in the HTML it answers with", async () => {
    const failures: string[] = [];
    let answered = 0;
    const samples = [...hostileSamples(4), ...HOSTILE_SNIPPETS.slice(0, 3)];
    for (const op of operations.filter(takesHtml)) {
      for (const html of samples) {
        const res = await admin.request(op.method, fillPath(op.path, UUID), { html });
        const body = res.body as { html?: string; data?: { html?: string }; message?: unknown };
        if (res.status >= 500) failures.push(`${op.method} ${op.path} → ${res.status} for ${JSON.stringify(html)}`);
        else if (res.status >= 400 && (typeof body?.message !== "string" || !body.message))
          failures.push(`${op.method} ${op.path} → ${res.status} without a message`);
        const out = body?.html ?? body?.data?.html;
        if (typeof out === "string") {
          answered += 1;
          const live = liveMarkup(out);
          if (live.length) failures.push(`${op.method} ${op.path}: ${live.join(", ")} from ${JSON.stringify(html)}`);
        }
      }
    }
    expect(answered).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 300_000);
});
