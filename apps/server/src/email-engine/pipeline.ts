import { caniemail } from "./checks/caniemail.js";
import type { EmailChecker } from "./checks/check.js";
import { contrast } from "./checks/contrast.js";
import { documentChecks } from "./checks/document.js";
import { fonts } from "./checks/fonts.js";
import { headings } from "./checks/headings.js";
import { imagesCheck } from "./checks/images.js";
import { links } from "./checks/links.js";
import { size } from "./checks/size.js";
import { textSize } from "./checks/text-size.js";
import { tokens } from "./checks/tokens.js";
import { bodyWrapper } from "./passes/body-wrapper.js";
import { cleanStyles } from "./passes/clean-styles.js";
import { fluidWidths } from "./passes/fluid-widths.js";
import { images } from "./passes/images.js";
import { inlineCss } from "./passes/inline-css.js";
import type { EmailPass } from "./passes/pass.js";
import { sanitize } from "./passes/sanitize.js";
import { semanticContainers } from "./passes/semantic-containers.js";
import { skeleton } from "./passes/skeleton.js";
import { tables } from "./passes/tables.js";

/**
 * The order of the passes (docs/decisions/021-email-post-processing.md). Sanitise first (nothing unsafe reaches
 * juice), inline next (later passes see computed inline styles), clean what inlining produced, then structure,
 * and the document last (body wrapper for a member's email, our skeleton for a generated one).
 */
export const PASSES: readonly EmailPass[] = [
  sanitize,
  inlineCss,
  cleanStyles,
  semanticContainers,
  tables,
  images,
  fluidWidths,
  bodyWrapper,
  skeleton,
];

/** The checks, in the order the report lists them (read-only: they never change the email). */
export const CHECKS: readonly EmailChecker[] = [
  caniemail,
  size,
  imagesCheck,
  contrast,
  textSize,
  fonts,
  documentChecks,
  headings,
  links,
  tokens,
];
