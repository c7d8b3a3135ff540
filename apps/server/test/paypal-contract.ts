import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

/**
 * Contract checks against PayPal's own published OpenAPI 3.0 documents (test/fixtures/vendor/paypal, Apache-2.0):
 * an operation's request body, or its response body for a status, is validated with ajv against the schema the
 * document declares for it ($refs resolved inside the document; `nullable` understood; formats ajv does not know
 * are accepted as strings). Used by paypal-contract.test.ts on real traffic at the stand-in.
 */
const SPEC_FILES = {
  orders: "checkout_orders_v2.json",
  payments: "payments_payment_v2.json",
  webhooks: "notifications_webhooks_v1.json",
} as const;
export type SpecName = keyof typeof SPEC_FILES;

type Json = Record<string, any>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const dir = fileURLToPath(new URL("./fixtures/vendor/paypal/", import.meta.url));

const specs = Object.fromEntries(
  Object.entries(SPEC_FILES).map(([name, file]) => [name, JSON.parse(readFileSync(`${dir}${file}`, "utf8")) as Json]),
) as Record<SpecName, Json>;

// PayPal writes its patterns for non-Unicode engines (e.g. `[a-z{|}~-]` with lone braces): compile them without the u flag.
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, unicodeRegExp: false });
addFormats(ajv);
const known = new Set(Object.keys(ajv.formats));
for (const [name, doc] of Object.entries(specs)) {
  for (const format of JSON.stringify(doc).matchAll(/"format":"([^"]+)"/g)) {
    if (!known.has(format[1]!)) {
      ajv.addFormat(format[1]!, true);
      known.add(format[1]!);
    }
  }
  ajv.addSchema(doc, SPEC_FILES[name as SpecName]);
}

const compiled = new Map<string, ValidateFunction>();
function validator(spec: SpecName, pointer: string): ValidateFunction {
  const ref = `${SPEC_FILES[spec]}#${pointer}`;
  let fn = compiled.get(ref);
  if (!fn) {
    fn = ajv.compile({ $ref: ref });
    compiled.set(ref, fn);
  }
  return fn;
}

/** Follows a local $ref ("#/components/...") to its target object and JSON pointer. */
function deref(spec: SpecName, node: Json, pointer: string): { node: Json; pointer: string } {
  while (node && typeof node.$ref === "string") {
    pointer = node.$ref.slice(1);
    node = pointer
      .split("/")
      .slice(1)
      .reduce((at: Json, key) => at?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], specs[spec]);
  }
  return { node, pointer };
}

const esc = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** The spec path of a route pattern or concrete path ("/v2/checkout/orders/:id" → "/v2/checkout/orders/{id}"). */
export function findOperation(spec: SpecName, route: string, method: string) {
  const want = route.split("?")[0]!.split("/");
  for (const path of Object.keys(specs[spec].paths)) {
    const have = path.split("/");
    if (have.length !== want.length) continue;
    if (have.every((seg, i) => seg === want[i] || seg.startsWith("{") || want[i]!.startsWith(":"))) {
      const op = specs[spec].paths[path][method.toLowerCase()];
      if (op) return { path, method: method.toLowerCase(), op: op as Json };
    }
  }
  return null;
}

export interface ContractResult {
  ok: boolean;
  /** Where in the document the schema came from (for messages). */
  schema: string;
  errors: string[];
}

function run(spec: SpecName, pointer: string, value: unknown): ContractResult {
  const fn = validator(spec, pointer);
  const ok = fn(value) as boolean;
  return {
    ok,
    schema: `${SPEC_FILES[spec]}#${pointer}`,
    errors: (fn.errors ?? []).map(
      (e: ErrorObject) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`,
    ),
  };
}

function located(spec: SpecName, route: string, method: string) {
  const found = findOperation(spec, route, method);
  if (!found) throw new Error(`${SPEC_FILES[spec]} has no operation ${method} ${route}`);
  return { ...found, base: `/paths/${esc(found.path)}/${found.method}` };
}

/** Validates a request body against the operation's application/json request schema. */
export function validateRequest(spec: SpecName, route: string, method: string, body: unknown): ContractResult {
  const { op, base } = located(spec, route, method);
  const rb = deref(spec, op.requestBody, `${base}/requestBody`);
  if (!rb.node?.content?.["application/json"]?.schema) throw new Error(`no JSON request body for ${method} ${route}`);
  return run(spec, `${rb.pointer}/content/application~1json/schema`, body);
}

/** Validates a response body against the schema declared for `status` (or the operation's default response). */
export function validateResponse(
  spec: SpecName,
  route: string,
  method: string,
  status: number,
  body: unknown,
): ContractResult {
  const { op, base } = located(spec, route, method);
  const key = op.responses[String(status)] ? String(status) : "default";
  if (!op.responses[key]) throw new Error(`${method} ${route} declares no response ${status} and no default`);
  const res = deref(spec, op.responses[key], `${base}/responses/${key}`);
  if (!res.node?.content?.["application/json"]?.schema) throw new Error(`no JSON schema for ${status} of ${route}`);
  return run(spec, `${res.pointer}/content/application~1json/schema`, body);
}

/** Validates a value against a named component schema (e.g. webhook event envelopes and resources). */
export function validateComponent(spec: SpecName, name: string, value: unknown): ContractResult {
  if (!specs[spec].components?.schemas?.[name]) throw new Error(`${SPEC_FILES[spec]} has no schema ${name}`);
  return run(spec, `/components/schemas/${esc(name)}`, value);
}
