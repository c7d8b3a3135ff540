import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sealedText } from "../../lib/secret-box.js";

/** Gemini API keys (admin spec §3 AI key). The key is read only by the server; responses carry a masked preview. */
export const geminiKeys = pgTable("gemini_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** Sealed at rest (lib/secret-box.ts). */
  key: sealedText("key").notNull(),
  isActive: boolean("is_active").notNull().default(true),
  calls: integer("calls").notNull().default(0),
  failures: integer("failures").notNull().default(0),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  lastStatus: integer("last_status"),
  // Key health: refused by Google (reason and when), failures in a row, rate-limited until.
  invalidReason: text("invalid_reason"),
  invalidAt: timestamp("invalid_at", { withTimezone: true }),
  failStreak: integer("fail_streak").notNull().default(0),
  rateLimitedUntil: timestamp("rate_limited_until", { withTimezone: true }),
  // The last check (Test key, models.list) and the models the key can use (null: never listed).
  checkedAt: timestamp("checked_at", { withTimezone: true }),
  checkError: text("check_error"),
  models: jsonb("models").$type<GeminiModelInfo[]>(),
  // Decision 115: the key's provider. "openai": an OpenAI-compatible server at baseUrl (OpenAI, OpenRouter, vLLM,
  // Ollama, LM Studio), answering with `model` (chosen by the admin).
  provider: text("provider", { enum: ["gemini", "openai"] })
    .notNull()
    .default("gemini"),
  baseUrl: text("base_url"),
  model: text("model"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One model as the key pool stores it (from one `models.list` entry; an OpenAI-compatible server's /models entry is
 * read into the same shape). Defined with the table that stores it, so the adapters that read lists build it.
 */
export interface GeminiModelInfo {
  /** The id used in requests: the name without "models/". */
  id: string;
  displayName: string;
  version: string;
  inputTokenLimit: number;
  outputTokenLimit: number;
  /** supportedGenerationMethods */
  methods: string[];
  /** The model thinks (models.list `thinking`); unknown counts as false. */
  thinking: boolean;
}
