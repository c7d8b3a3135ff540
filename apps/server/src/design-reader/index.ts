export { type CheckReadableResult, checkDesignReadable } from "./check-readable.js";
export { closeSharedOcrEngine, type ReadDesignOptions, readDesign } from "./read-design.js";
