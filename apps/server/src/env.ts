import path from "node:path";
import { z } from "zod";

/**
 * The only reader of process.env (biome's noProcessEnv rule, biome.json): every setting is validated here at start-up
 * and handed down as `Env`; a child process's environment comes from `childProcessEnv()`. Imports no file of ours, so
 * every floor may use its types.
 */
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/** "http(s)://host[:port]" with nothing after it, or a bare host name or address ("[::1]" for IPv6). */
function isOriginOrHost(entry: string): boolean {
  try {
    const u = new URL(entry.includes("://") ? entry : `http://${entry}`);
    const bare = u.pathname === "/" && !u.search && !u.hash && !u.username && !u.password;
    return bare && (entry.includes("://") ? /^https?:$/.test(u.protocol) : !u.port);
  } catch {
    return false;
  }
}

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalString.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), {
      message: "DATABASE_URL must start with postgres:// or postgresql://",
    }),
    BETTER_AUTH_SECRET: optionalString.refine((v) => !v || v.length >= 32, {
      message: "BETTER_AUTH_SECRET must be at least 32 characters",
    }),
    SECRETS_KEY: optionalString.refine((v) => !v || v.length >= 32, {
      message: "SECRETS_KEY must be at least 32 characters",
    }),
    BETTER_AUTH_URL: optionalString.refine((v) => !v || /^https?:\/\//.test(v), {
      message: "BETTER_AUTH_URL must be an http(s) URL such as http://localhost:3000",
    }),
    /** PostgreSQL connections per instance (DATABASE_URL only; the invalidation listener uses one more). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    TRUST_PROXY: bool,
    /** Shared limits for several instances (rate limits, failed sign-ins, reset/sign-up counts); unset: in memory. */
    REDIS_URL: optionalString.refine((v) => !v || /^rediss?:\/\//.test(v), {
      message: "REDIS_URL must look like redis://host:6379 or rediss://…",
    }),
    /** Prefix of every Redis key (several deployments or test runs can share one Redis). */
    REDIS_KEY_PREFIX: z.string().default("mailsmith:"),
    /** Extra origins (comma-separated) allowed to send cookie-authenticated changes, e.g. a dev server. */
    TRUSTED_ORIGINS: z.string().default(""),
    /** Sign-ups allowed per client address per hour (farming guard). */
    SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
    /** Password reset mails allowed per address and per client address per hour. */
    RESET_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
    ADMIN_EMAIL: optionalString.pipe(z.string().email("ADMIN_EMAIL must be an email address").optional()),
    ADMIN_PASSWORD: optionalString.refine((v) => !v || v.length >= 8, {
      message: "ADMIN_PASSWORD must be at least 8 characters",
    }),
    SIGNUP_BONUS_CREDITS: z.coerce.number().int().min(0).max(1000).default(3),
    SEED_DEMO: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((v) => v === "true" || v === "1"),
    SMTP_URL: optionalString.refine((v) => !v || /^smtps?:\/\//.test(v), {
      message: "SMTP_URL must look like smtp://user:pass@host:587 or smtps://…",
    }),
    MAIL_FROM: z.string().default("Mailsmith <no-reply@mailsmith.local>"),
    /** SpamAssassin's spamd for the spam score, e.g. spamd://127.0.0.1:7830; unset: not available. */
    SPAMD_URL: optionalString.refine((v) => !v || /^spamd:\/\/[^\s/]+\/?$/.test(v), {
      message: "SPAMD_URL must look like spamd://127.0.0.1:783",
    }),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    /** PayPal-compatible API base (the offline stand-in, a sandbox proxy…); unset: PayPal's host for the mode. */
    PAYPAL_API_BASE: optionalString.refine((v) => !v || /^https?:\/\/[^\s]+$/.test(v), {
      message: "PAYPAL_API_BASE must be an http(s) URL such as http://127.0.0.1:4010",
    }),
    /** Webhook id from the PayPal dashboard; webhook signatures are verified against it. */
    PAYPAL_WEBHOOK_ID: optionalString,
    // Uploaded files (profile photos): an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads.
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: optionalString.refine((v) => !v || /^https?:\/\//.test(v), {
      message: "S3_ENDPOINT must be an http(s) URL such as https://<account>.r2.cloudflarestorage.com",
    }),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: bool,
    S3_PUBLIC_URL: optionalString.refine((v) => !v || /^https?:\/\//.test(v), {
      message: "S3_PUBLIC_URL must be the http(s) address the bucket's files are read from",
    }),
    /**
     * When the S3 client adds CRC32 checksums: "when_supported" (the AWS SDK's default since 2025) or "when_required"
     * (only where an operation requires one) for S3-compatible services that refuse the newer checksum headers.
     */
    S3_CHECKSUMS: z.enum(["when_supported", "when_required"]).default("when_supported"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** GET /metrics answers only `Authorization: Bearer <this>`; unset: no /metrics (404). */
    METRICS_TOKEN: optionalString.refine((v) => !v || v.length >= 16, {
      message: "METRICS_TOKEN must be at least 16 characters",
    }),
    /** OpenTelemetry traces go to this OTLP/HTTP collector (e.g. http://127.0.0.1:4318); unset: no tracing loaded. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.refine((v) => !v || /^https?:\/\//.test(v), {
      message: "OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL such as http://127.0.0.1:4318",
    }),
    WEB_DIST: optionalString,
    /** Gemini endpoint; unset means Google's. Point it at the local stand-in (npm run gemini:stand-in) for tests and offline demos. */
    GEMINI_BASE_URL: optionalString.refine((v) => !v || /^https?:\/\//.test(v), {
      message: "GEMINI_BASE_URL must be an http(s) URL such as http://127.0.0.1:4399",
    }),
    /**
     * Model servers an administrator may name although they are not public https, comma-separated:
     * origins ("http://127.0.0.1:11434", exact scheme, host and port) or hosts ("ollama.lan", any port). Unset: none.
     */
    OPENAI_COMPATIBLE_ALLOWED_ORIGINS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isOriginOrHost), {
        message:
          "OPENAI_COMPATIBLE_ALLOWED_ORIGINS must list origins such as http://127.0.0.1:11434 or hosts such as ollama.lan, comma-separated (no paths)",
      }),
    /** Forces one model (e.g. gemini-3-flash); unset: the model chosen in Settings → Gemini Keys, else the newest stable Flash the keys list. */
    GEMINI_MODEL: optionalString,
    /** Upper bound for one generation (all key attempts together), in milliseconds. */
    GEMINI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
    /** Generation jobs: jobs one instance runs at once, claim lease, queue poll interval. */
    GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    GENERATION_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
    GENERATION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /**
     * Storage sweep: objects no row references are deleted after the grace period; every interval
     * (0 = never, on this instance) one instance at a time sweeps; crops of a deleted template are kept the days given.
     */
    STORAGE_SWEEP_GRACE_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 365)
      .default(24),
    STORAGE_SWEEP_INTERVAL_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
    STORAGE_SWEEP_BATCH: z.coerce.number().int().min(1).max(10_000).default(200),
    STORAGE_SENT_IMAGE_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
    /** Rendering emails to check and preview them (headless Chromium): "off" = never start a browser. */
    RENDERER: z.enum(["on", "off"]).default("on"),
    /** A Chromium to use instead of the one inside the @sparticuz/chromium package (e.g. /usr/bin/chromium). */
    RENDERER_CHROMIUM_PATH: optionalString,
    /** Renders at the same time (the rest wait in a queue). */
    RENDERER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Upper bound for one render, in milliseconds. */
    RENDERER_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
    /** Set by npm to the folder `npm run` was typed in: `npm run email:check -- file.html` resolves paths from it. */
    INIT_CWD: optionalString,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither",
      });
    }
    if (
      env.NODE_ENV === "production" &&
      env.PAYPAL_API_BASE &&
      !/^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/])/.test(env.PAYPAL_API_BASE)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYPAL_API_BASE"],
        message: "must be https:// (or a loopback http:// address) when NODE_ENV=production",
      });
    }
    if (env.S3_BUCKET && !env.S3_PUBLIC_URL) {
      ctx.addIssue({ code: "custom", path: ["S3_PUBLIC_URL"], message: "is required when S3_BUCKET is set" });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
      });
    }
    if (env.NODE_ENV === "production" && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["BETTER_AUTH_SECRET"], message: "is required when NODE_ENV=production" });
    }
    // Links in mails, PayPal return URLs, the Google redirect URI and image URLs are built from BETTER_AUTH_URL, and
    // cookies are Secure only on https: unset, all of them would point at localhost. Loopback http stays allowed for
    // a production-mode run on one machine (benchmarks, the cluster script).
    if (env.NODE_ENV === "production" && !isProductionPublicUrl(env.BETTER_AUTH_URL)) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_URL"],
        message:
          "is required when NODE_ENV=production and must be the https:// address members use (http only on a loopback address)",
      });
    }
    if (env.NODE_ENV === "production" && !hasDeliverableDomain(env.MAIL_FROM)) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message:
          "must name a real sending domain when NODE_ENV=production, such as Mailsmith <no-reply@your-domain.com> (reserved names such as .local, .test, .example and example.com are refused by mail providers)",
      });
    }
  });

/** https, or http on a loopback address only. */
function isProductionPublicUrl(url: string | undefined): boolean {
  if (!url) return false;
  return /^(https:\/\/[^\s/]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?)(\/|$)/.test(url);
}

/** Names reserved by RFC 2606 / RFC 6761 (and mDNS's .local): no mail provider accepts them as a sender. */
const RESERVED_MAIL_DOMAIN = /(^|\.)(local|localhost|test|example|invalid|internal|example\.(com|net|org))$/i;

/** The address's domain (from "Name <a@b>" or "a@b") exists outside reserved names and has a dot. */
export function hasDeliverableDomain(mailFrom: string): boolean {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = /^[^\s@]+@([^\s@>]+)$/.exec(address.trim())?.[1];
  return Boolean(domain?.includes(".")) && !RESERVED_MAIL_DOMAIN.test(domain as string);
}

export type Env = z.infer<typeof EnvSchema> & { dataDir: string; publicUrl: string; trustedOrigins: string[] };

export class ConfigError extends Error {}

/** The environment a child process (the renderer's browser) starts with: a copy of ours, `extra` on top. */
export function childProcessEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return { ...process.env, ...extra };
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "env"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: env.BETTER_AUTH_URL ?? `http://localhost:${env.PORT}`,
    trustedOrigins: [
      ...env.TRUSTED_ORIGINS.split(",")
        .map((o) => o.trim())
        .filter(Boolean),
      // The Vite dev server proxies /api from its own origin.
      ...(env.NODE_ENV === "development" ? ["http://localhost:5173"] : []),
    ],
  };
}
