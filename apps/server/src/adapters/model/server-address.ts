import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Which model-server addresses the server may call (decision 131). An administrator types an OpenAI-compatible key's
 * base URL, so without a rule the server would fetch whatever they name: its own database port, a cloud metadata
 * service, an admin port on the same network. An address must be https, carry no user or password, and not name a
 * loopback, private, link-local or otherwise internal host — unless the operator allow-listed its origin or host
 * (OPENAI_COMPATIBLE_ALLOWED_ORIGINS), as for a model server on the same machine (http://127.0.0.1:11434).
 * The same rule runs when a key is saved (on the URL as written) and before every call (on the addresses its host
 * resolves to), so a name that points inside the network is refused too.
 */
export type AddressProblem = "invalid" | "credentials" | "not_https" | "internal_host";

/** Operator-allowed origins (scheme://host:port, exact) and hosts (any port, http or https). */
export interface AllowedAddresses {
  origins: ReadonlySet<string>;
  hosts: ReadonlySet<string>;
}

/**
 * An allow-list entry in its one spelling: an origin ("http://127.0.0.1:11434") or a bare host ("ollama.lan",
 * "[::1]"); null when it is neither (a path, a query, credentials, a host with a port but no scheme).
 */
export function normaliseAllowEntry(entry: string): string | null {
  const text = entry.trim();
  if (!text) return null;
  try {
    if (text.includes("://")) {
      const u = new URL(text);
      const bare = u.pathname === "/" && !u.search && !u.hash && !u.username && !u.password;
      return bare && (u.protocol === "http:" || u.protocol === "https:") ? u.origin : null;
    }
    const u = new URL(`http://${text}`);
    return u.port || u.pathname !== "/" || u.search || u.username ? null : u.hostname;
  } catch {
    return null;
  }
}

export function allowedAddresses(entries: readonly string[] = []): AllowedAddresses {
  const origins = new Set<string>();
  const hosts = new Set<string>();
  for (const entry of entries) {
    const e = normaliseAllowEntry(entry);
    if (e) (e.includes("://") ? origins : hosts).add(e);
  }
  return { origins, hosts };
}

/** Addresses no admin-set model server may have: this machine, private networks, link-local (cloud metadata) … */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  INTERNAL.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  // IPv4-mapped addresses (::ffff:127.0.0.1) are checked against the IPv4 ranges above by BlockList itself.
  ["::", 127],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  INTERNAL.addSubnet(net, prefix, "ipv6");
}

/** An IP literal in a private, loopback, link-local or reserved range. */
export function isInternalIp(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "");
  const kind = isIP(ip);
  if (kind === 0) return false;
  return INTERNAL.check(ip, kind === 4 ? "ipv4" : "ipv6");
}

/** localhost and its subdomains (RFC 6761), or an internal IP literal. */
function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || isInternalIp(host);
}

function parse(url: string): URL | null {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u : null;
  } catch {
    return null;
  }
}

const isAllowed = (u: URL, allowed: AllowedAddresses) =>
  allowed.origins.has(u.origin) || allowed.hosts.has(u.hostname.toLowerCase());

/** What is wrong with a base URL as written (null: it may be saved). */
export function addressProblem(url: string, allowed: AllowedAddresses): AddressProblem | null {
  const u = parse(url);
  if (!u) return "invalid";
  if (u.username || u.password) return "credentials";
  if (isAllowed(u, allowed)) return null;
  if (u.protocol !== "https:") return "not_https";
  return isInternalHost(u.hostname) ? "internal_host" : null;
}

export type HostLookup = (host: string) => Promise<{ address: string }[]>;
const lookupAll: HostLookup = (host) => dnsLookup(host, { all: true });

/**
 * The rule above, then the addresses the host resolves to now: a name that points inside the network is refused
 * like the literal address. A name that does not resolve is left to the call, which fails as unreachable.
 */
export async function resolvedAddressProblem(
  url: string,
  allowed: AllowedAddresses,
  lookup: HostLookup = lookupAll,
): Promise<AddressProblem | null> {
  const written = addressProblem(url, allowed);
  const u = parse(url);
  if (written || !u || isAllowed(u, allowed) || isIP(u.hostname.replace(/^\[|\]$/g, ""))) return written;
  const addresses = await lookup(u.hostname).catch(() => []);
  return addresses.some((a) => isInternalIp(a.address)) ? "internal_host" : null;
}
