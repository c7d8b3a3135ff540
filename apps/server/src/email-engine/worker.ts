// Runs in a worker thread (see pool.ts): sanitising, inlining and checking a large email takes tens of ms of CPU,
// which must not stall every other request on the event loop.
import { compareWithDesign } from "./fidelity/compare.js";
import type { FidelityInput } from "./fidelity/score-fidelity.js";
import { processEmail } from "./process-email.js";
import type { ProcessEmailInput } from "./types.js";

export default function run(input: ProcessEmailInput) {
  return processEmail(input);
}

/** The fidelity comparison: SSIM, alignment and palettes take up to a second on a tall email. */
export function compare(input: FidelityInput & { sectionPictures?: boolean }) {
  // Buffers arrive as Uint8Arrays after the structured clone.
  return compareWithDesign({ ...input, design: Buffer.from(input.design), rendered: Buffer.from(input.rendered) });
}
