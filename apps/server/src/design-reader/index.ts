export { type CheckReadableResult, checkDesignReadable } from "./check-readable.js";
export { closeSharedOcrEngine, type ReadDesignOptions, readDesign } from "./read-design.js";
export {
  createDesignReader,
  DESIGN_READER_QUEUE,
  DESIGN_READER_TIME_LIMIT_MS,
  type DesignReader,
  type DesignReadOutcome,
} from "./reader.js";
export { refusalError } from "./refusal.js";
