// Every feature's tables, one file per feature; drizzle-kit reads this file.
export * from "./ai-keys.js";
export * from "./audit.js";
export * from "./auth.js";
export * from "./brand-kits.js";
export * from "./commerce.js";
export * from "./content.js";
export * from "./credits.js";
export * from "./generator.js";
export * from "./member-data.js";
export * from "./messaging.js";
export * from "./storage.js";
export * from "./support.js";
export * from "./system.js";
