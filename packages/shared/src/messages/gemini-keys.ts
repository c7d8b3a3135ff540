/**
 * Key health and model choice on Settings → Gemini Keys (decisions 094 and 095). The keys form and table
 * keep their spec texts in GEMINI_KEY_MESSAGES.
 */
export const GEMINI_HEALTH_MESSAGES = {
  // Key status column.
  statusOk: "OK",
  statusInvalid: "Invalid",
  statusRateLimited: "Rate-limited",
  statusUnchecked: "Not checked",
  statusCheckFailed: "Check failed",
  health: "Health",
  models: "Models",
  lastChecked: (when: string) => `Last checked: ${when}`,
  invalidSince: (when: string) => `Marked invalid: ${when}`,
  rateLimitedUntil: (when: string) => `Rate-limited until ${when}`,
  modelsCount: (n: number) => (n === 1 ? "1 model" : `${n} models`),
  modelsNone: "Not listed yet",
  hasModelInUse: "Can use the model in use",
  lacksModelInUse: "Cannot use the model in use",
  // Test key.
  actionTest: "Test key",
  // `who`: "Google", or "The server" for an OpenAI-compatible key.
  testOk: (models: number, who = "Google") =>
    `Key works: ${who} lists ${models} model${models === 1 ? "" : "s"} for it.`,
  testInvalid: (reason: string, who = "Google") => `${who} refused this key: ${reason}`,
  testFailed: (reason: string) => `The key could not be checked: ${reason}`,
  addedAndTested: (models: number, who = "Google") =>
    `API key added and tested: ${who} lists ${models} model${models === 1 ? "" : "s"} for it.`,
  addedButInvalid: (reason: string, who = "Google") =>
    `API key added, but ${who.toLowerCase() === "google" ? "Google" : who.toLowerCase()} refused it: ${reason}`,
  /** The subject of the messages above for an OpenAI-compatible key. */
  openAiServer: "The server",
  addedButUnchecked: (reason: string) => `API key added, but it could not be checked: ${reason}`,
  // An edit that changes the key, provider, base URL or model tests the key again.
  updatedAndTested: (models: number, who = "Google") =>
    `API key updated and tested: ${who} lists ${models} model${models === 1 ? "" : "s"} for it.`,
  updatedButInvalid: (reason: string, who = "Google") =>
    `API key updated, but ${who.toLowerCase() === "google" ? "Google" : who.toLowerCase()} refused it: ${reason}`,
  updatedButUnchecked: (reason: string) => `API key updated, but it could not be checked: ${reason}`,
  testFetchFailed: "Failed to test key",
  unreachable: "Google could not be reached",
  /** The same for an OpenAI-compatible key: its server, not Google. */
  unreachableServer: "The AI server could not be reached",
  /** A models list that is not a list, or an empty one: the service answered, but not usefully. */
  noModelList: "The AI service answered without a model list.",
  // What an AI service said when it failed: its JSON error message, else one of these — never its page.
  noErrorMessage: "the answer carried no error message from the AI service",
  redirected: (status: number) =>
    `the AI service answered with a redirect (HTTP ${status}), which is not followed: use the address it points to as the base URL`,
  // Reasons stored when a key is marked invalid (the admin sees them with the time).
  reasonRefused: (status: number, reason: string, message: string) =>
    `${status}${reason ? ` ${reason}` : ""}: ${message}`,
  reasonRepeated: (n: number, last: string) => `${n} failures in a row (last: ${last})`,
  // The model panel.
  modelTitle: "Model",
  modelLabel: "Model used for generations",
  modelAutomatic: (model: string | null) => (model ? `Automatic (${model})` : "Automatic"),
  modelInUse: (model: string) => `In use: ${model}`,
  modelNoneYet: "No model listed yet: add a key, or test one, to list the models it can use.",
  modelFromEnv: (model: string) =>
    `Set by the server's GEMINI_MODEL setting (${model}); the choice here applies when it is removed.`,
  modelAutomaticHint:
    "Automatic uses the newest stable Flash model that reads images and writes structured output, and moves on by itself when Google retires it.",
  modelSaved: "Model choice saved.",
  modelSaveFailed: "Failed to save the model choice",
  modelNotListed: "No key can use this model: choose one of the listed models.",
  modelChosenNotListed: (model: string) => `${model} (chosen, no longer listed: skipped)`,
  modelsFetchFailed: "Failed to fetch the models",
  refreshModels: "Refresh models",
  modelsRefreshed: "Model lists refreshed.",
  noticesTitle: "Model notices",
  // OpenAI-compatible keys answer with their own model, not the ranking above.
  openAiTitle: "OpenAI-compatible keys",
  openAiHint: "Each OpenAI-compatible key answers with its own model (set it when you add or edit the key).",
  openAiModel: (name: string, model: string | null) => `${name}: ${model ?? "no model listed yet"}`,
  openAiNotListed: (chosen: string) => `${chosen} is not listed by its server: skipped`,
  noticeOpenAiNotListed: (model: string, name: string, next: string | null) =>
    `${model} is not listed by the server of the key “${name}”; ${next ? `generations with that key use ${next} instead` : "that key is skipped"}.`,
  noticeNotFound: (model: string, next: string | null) =>
    `${model} answered NOT_FOUND (retired); ${next ? `generations use ${next} instead` : "no other model was available"}.`,
  noticeNotListed: (model: string, next: string | null) =>
    `${model} is not listed for any key; ${next ? `generations use ${next} instead` : "no other model was available"}.`,
  quotaNote:
    "Keys from one Google Cloud project share one quota: when Google answers “quota exceeded” (429), generations wait the delay Google asks for (at most 30 seconds) before trying another key. Keys from different projects add quota.",
  allInvalidNote:
    "Every active key is marked invalid: generations still try them, and a key that works again is marked OK.",
} as const;
