import { DoIUseEmail } from "@jsx-email/doiuse-email";

/**
 * The CSS the Word engine ignores, from caniemail's data for Outlook on Windows (the `outlook.windows` entries that
 * @jsx-email/doiuse-email ships, the same data as checks/caniemail*.ts). Each property (and, for `display`, each
 * value kind) is asked once, in a fresh checker, and remembered.
 *
 * The partial entries are applied by approximate.ts per element, as caniemail's notes say:
 * max-width "only works on <table> elements"; padding "only supported on table cells"; margin "not supported on
 * <span> and <body>", "auto value is not supported", "negative values are not supported"; display "only supports
 * display:none (but not on <img>)". min-width and min-height have no entry: Word ignores them as well (Cerberus'
 * ghost-table notes, decision 109).
 */
const cache = new Map<string, boolean>();

function key(prop: string, value: string): string {
  const p = prop.toLowerCase();
  if (p === "display") return `display:${/flex|grid/i.test(value) ? value.trim().toLowerCase() : "other"}`;
  if (p === "background") return /url\(|gradient\(/i.test(value) ? "background-image" : "background";
  return p;
}

/** A declaration the Word engine does not support at all (caniemail: "not supported by outlook.windows"). */
export function wordIgnores(prop: string, value: string): boolean {
  if (prop.startsWith("mso-") || prop.startsWith("--")) return false;
  const k = key(prop, value);
  const hit = cache.get(k);
  if (hit !== undefined) return hit;
  const [p, v] = k.includes(":")
    ? (k.split(":") as [string, string])
    : k === "background-image"
      ? ["background-image", "url(x.png)"]
      : [k, sampleValue(k)];
  let ignored = false;
  try {
    const d = new DoIUseEmail({ emailClients: ["outlook.windows"] });
    const r = d.check(`<div style="${p}:${v}">x</div>`);
    ignored = !r.success && (r.errors ?? []).some((e) => e.includes("outlook.windows"));
  } catch {
    ignored = false;
  }
  cache.set(k, ignored);
  return ignored;
}

/** A value that names the property itself (caniemail keys some entries by property:value). */
function sampleValue(prop: string): string {
  if (/color$/.test(prop)) return "#000";
  if (prop === "position") return "relative";
  if (prop === "float") return "left";
  if (prop === "transform") return "rotate(1deg)";
  if (prop === "object-fit") return "cover";
  if (prop === "box-sizing") return "border-box";
  if (prop === "background-size") return "cover";
  if (/shadow$/.test(prop)) return "1px 1px #000";
  if (prop === "opacity") return "0.5";
  return "1px";
}
