// npm run gemini:stand-in -w @mailsmith/server [-- --port 4399]
// Runs the local Gemini stand-in for offline demos. The server uses it only when told to:
// start the server with GEMINI_BASE_URL=http://127.0.0.1:<port> and add any key under Admin → Settings → Gemini Keys.
import { startGeminiStandIn } from "./gemini.js";

const arg = process.argv.indexOf("--port");
const port = arg >= 0 ? Number(process.argv[arg + 1]) : 4399;
const standIn = await startGeminiStandIn({ port });
process.stdout.write(
  [
    `Gemini stand-in listening at ${standIn.url}`,
    `  Start Mailsmith with GEMINI_BASE_URL=${standIn.url}`,
    "  then add any API key in Admin → Settings → Gemini Keys (keys containing invalid, fail-403, fail-429, fail-500 … fail on purpose).",
    "",
  ].join("\n"),
);
const stop = async () => {
  await standIn.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
