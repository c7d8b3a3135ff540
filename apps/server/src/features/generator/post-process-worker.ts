// Runs in a worker thread (see post-process-pool.ts): sanitising, inlining and checking a large email takes
// 150–250 ms of CPU, which must not stall every other request on the event loop.
import { type PostProcessInput, postProcessEmail } from "./email-safety.js";

export default function postProcess(input: PostProcessInput) {
  return postProcessEmail(input);
}
