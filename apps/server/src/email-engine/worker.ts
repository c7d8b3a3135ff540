// Runs in a worker thread (see pool.ts): sanitising, inlining and checking a large email takes tens of ms of CPU,
// which must not stall every other request on the event loop.
import { processEmail } from "./process-email.js";
import type { ProcessEmailInput } from "./types.js";

export default function run(input: ProcessEmailInput) {
  return processEmail(input);
}
