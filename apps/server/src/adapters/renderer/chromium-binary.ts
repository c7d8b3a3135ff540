import { createReadStream, createWriteStream, existsSync, readdirSync } from "node:fs";
import { chmod, mkdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { createBrotliDecompress } from "node:zlib";
import { childProcessEnv } from "../../env.js";

/** Debian's package, used when the bundled browser cannot start (another CPU architecture, a noexec /tmp …). */
export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

let bundled: Promise<string> | undefined;

/**
 * The Chromium shipped inside the `@sparticuz/chromium` npm package (a brotli-compressed headless shell), unpacked
 * once per machine into <tmp>/mailsmith-chromium-<version>/chromium. Unpacking goes to a private file first and is
 * renamed into place, so two processes starting at once never run a half-written binary (the package's own
 * executablePath() writes /tmp/chromium in place).
 */
export function bundledChromium(): Promise<string> {
  bundled ??= unpack().catch((err) => {
    bundled = undefined;
    throw err;
  });
  return bundled;
}

async function unpack(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve("@sparticuz/chromium"));
  const pkgDir = path.resolve(path.dirname(entry), "..");
  const binDir = path.join(pkgDir, "bin");
  const archive = path.join(binDir, "chromium.br");
  if (!existsSync(archive)) throw new Error(`@sparticuz/chromium has no ${archive}`);
  const { size } = await stat(archive);
  const dir = path.join(tmpdir(), `mailsmith-chromium-${size}`);
  const target = path.join(dir, "chromium");
  if (existsSync(target)) return target;
  await mkdir(dir, { recursive: true });
  const partial = `${target}.${process.pid}.${Date.now()}.part`;
  try {
    await pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(partial, { mode: 0o700 }));
    await chmod(partial, 0o755);
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return target;
}

/**
 * Fonts: a machine without any system fonts would render every glyph as nothing. The npm package carries Open Sans
 * and a fontconfig file pointing at <tmp>/fonts; use it only when the system has no fonts of its own and the
 * browser's environment (`inherited`, from env.ts's childProcessEnv) names no fontconfig of its own.
 */
export async function fontEnv(
  inherited: Record<string, string | undefined> = childProcessEnv(),
): Promise<Record<string, string>> {
  if (inherited.FONTCONFIG_PATH || hasSystemFonts()) return {};
  const { inflate } = await import("@sparticuz/chromium");
  const entry = fileURLToPath(import.meta.resolve("@sparticuz/chromium"));
  const dir = await inflate(path.resolve(path.dirname(entry), "..", "bin", "fonts.tar.br"));
  return { FONTCONFIG_PATH: dir };
}

function hasSystemFonts(): boolean {
  for (const dir of ["/usr/share/fonts", "/usr/local/share/fonts"]) {
    try {
      if (readdirSync(dir).length > 0) return true;
    } catch {
      // absent
    }
  }
  return false;
}
