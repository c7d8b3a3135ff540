import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

/**
 * Contract checks against OpenAI's own published OpenAPI document (openai/openai-openapi, MIT; the operations we call
 * and the components they reach, cut unchanged into test/fixtures/vendor/openai/openapi-chat-models.json — decision
 * 119). Two checks per value:
 * - `validate…`: ajv (JSON Schema 2020-12, as OpenAPI 3.1 is) against the schema the document declares;
 * - `undeclared`: every property of the value is one the schema declares somewhere (OpenAI's schemas leave objects
 *   open, so ajv alone would not notice a field OpenAI does not have — a typo, or one only our stand-in invents).
 */
type Json = Record<string, any>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const FILE = "openapi-chat-models.json";
const doc = JSON.parse(
  readFileSync(fileURLToPath(new URL(`./fixtures/vendor/openai/${FILE}`, import.meta.url)), "utf8"),
) as Json;

/**
 * OpenAPI 3.0's `nullable: true` still appears in OpenAI's 3.1 document, sometimes without a `type` (ajv refuses that):
 * read as JSON Schema says it — the value may also be null. Only this copy in memory changes; the fixture is unchanged.
 */
function nullableAsJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsJsonSchema);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = nullableAsJsonSchema(v);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (typeof out.type === "string") return { ...out, type: [out.type, "null"] };
  return { anyOf: [out, { type: "null" }] };
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
// format "unixtime" (Model.created) is OpenAI's own: an integer is checked by the schema's type already.
ajv.addFormat("unixtime", true);
ajv.addSchema(nullableAsJsonSchema(doc) as Json, FILE);

const compiled = new Map<string, ValidateFunction>();
function run(pointer: string, value: unknown): ContractResult {
  const ref = `${FILE}#${pointer}`;
  let fn = compiled.get(ref);
  if (!fn) {
    fn = ajv.compile({ $ref: ref });
    compiled.set(ref, fn);
  }
  const ok = fn(value) as boolean;
  const errors = (fn.errors ?? []).map(
    (e: ErrorObject) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`,
  );
  const extra = undeclared(at(pointer), value);
  return {
    ok: ok && extra.length === 0,
    schema: ref,
    errors: [...errors, ...extra.map((p) => `${p} is not in the spec`)],
  };
}

export interface ContractResult {
  ok: boolean;
  schema: string;
  errors: string[];
}

const esc = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
function at(pointer: string): Json {
  return pointer
    .split("/")
    .slice(1)
    .reduce((node: Json, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
}
const resolve = (s: Json | undefined): Json | undefined =>
  s && typeof s.$ref === "string" ? resolve(at(s.$ref.slice(1))) : s;

/** A schema and the branches it is made of (allOf/anyOf/oneOf), $refs followed. */
function flatten(schema: Json | undefined, out: Json[] = []): Json[] {
  const s = resolve(schema);
  if (!s || out.includes(s)) return out;
  out.push(s);
  for (const k of ["allOf", "anyOf", "oneOf"]) for (const b of s[k] ?? []) flatten(b, out);
  return out;
}

/** JSON pointers of properties in `value` that no branch of `schema` declares. */
export function undeclared(schema: Json | undefined, value: unknown, path = ""): string[] {
  const all = flatten(schema);
  if (Array.isArray(value)) {
    const items = all.filter((s) => s.items).map((s) => s.items as Json);
    return value.flatMap((v, i) => (items.length ? undeclaredIn(items, v, `${path}/${i}`) : []));
  }
  if (!value || typeof value !== "object") return [];
  const objects = all.filter((s) => s.properties || s.type === "object" || s.additionalProperties);
  // A free-form object (e.g. the JSON Schema inside response_format): anything goes.
  if (objects.some((s) => !s.properties || (s.additionalProperties && s.additionalProperties !== false))) return [];
  const out: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const subs = objects.filter((s) => s.properties?.[key]).map((s) => s.properties[key] as Json);
    if (!subs.length) out.push(`${path}/${key}`);
    else out.push(...undeclaredIn(subs, v, `${path}/${esc(key)}`));
  }
  return out;
}
const undeclaredIn = (schemas: Json[], value: unknown, path: string) => undeclared({ anyOf: schemas }, value, path);

/** POST /chat/completions request body (CreateChatCompletionRequest). */
export const validateChatRequest = (body: unknown) =>
  run(`/paths/${esc("/chat/completions")}/post/requestBody/content/application~1json/schema`, body);

/** One streamed chunk (`data: {…}`) of a chat completion: text/event-stream's CreateChatCompletionStreamResponse. */
export const validateChatChunk = (chunk: unknown) =>
  run(`/paths/${esc("/chat/completions")}/post/responses/200/content/text~1event-stream/schema`, chunk);

/** A non-streamed chat completion (CreateChatCompletionResponse). */
export const validateChatResponse = (body: unknown) =>
  run(`/paths/${esc("/chat/completions")}/post/responses/200/content/application~1json/schema`, body);

/** GET /models (ListModelsResponse). */
export const validateModelsList = (body: unknown) =>
  run(`/paths/${esc("/models")}/get/responses/200/content/application~1json/schema`, body);

/** Any error answer (ErrorResponse; the 429 of /chat/completions is declared as TooManyRequests → ErrorResponse). */
export const validateErrorBody = (body: unknown) => run("/components/schemas/ErrorResponse", body);

/** The Retry-After header the spec declares for a 429 (integer seconds, at least 1). */
export function retryAfterDeclared(): Json {
  return doc.components.responses.TooManyRequests.headers["Retry-After"].schema as Json;
}
