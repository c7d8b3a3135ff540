/**
 * Texts of the generator's browser screens added by issue 11 (input, progress, variants, score, history, export).
 * The spec's own generator texts stay in GENERATOR_MESSAGES (schemas/generator.ts); these complete them.
 */
export const GENERATOR_UI = {
  // Input (drag and drop, paste, picker).
  dropHint: "Drag images here, paste them (Ctrl+V / ⌘V) or",
  chooseFiles: "choose files",
  dropNow: "Drop the images to add them",
  typeError: (name: string) => `${name}: only PNG, JPEG, WebP and GIF images are allowed.`,
  sizeError: (name: string, maxMb: number) => `${name}: each image must be ${maxMb} MB or smaller.`,
  countError: (max: number, left: number) =>
    left > 0
      ? `You can upload at most ${max} images: only the first ${left} were added.`
      : `You can upload at most ${max} images.`,
  pastedName: (n: number) => `Pasted image ${n}.png`,
  moveEarlier: (name: string) => `Move ${name} earlier`,
  moveLater: (name: string) => `Move ${name} later`,
  remove: (name: string) => `Remove ${name}`,
  imageOrder: "The first image is the main design; the others are details of it.",
  // Credits and variants.
  buyCredits: "Buy credits",
  noCredits: "You have no credits left.",
  variantsLabel: "Variants",
  oneVariant: "1 variant",
  twoVariants: "2 variants",
  cost: (variants: number) =>
    variants === 1 ? "Costs 1 credit." : `Costs ${variants} credits: 1 credit each, two takes side by side.`,
  notEnoughForVariants: (variants: number, credits: number) =>
    `${variants} variants need ${variants} credits; you have ${credits}.`,
  variantTitle: (n: number) => `Variant ${n}`,
  keep: "Keep",
  kept: "Kept",
  keepBoth: "Keep both",
  discard: "Discard",
  keptOne: "Kept this variant; the other one was deleted.",
  keptBoth: "Both variants are kept in My Templates.",
  // Progress.
  progressLabel: "Generation progress",
  /** Before a worker picks the job up (the stage labels are GENERATION_STAGE_LABELS). */
  queued: "Waiting to start",
  cancel: "Cancel",
  cancelling: "Cancelling…",
  retry: "Retry",
  reattached: "Picked up the generation you started earlier.",
  // Score and compare view.
  scoreTitle: "Match with your design",
  scoreParts: { structure: "Layout", colour: "Colours", text: "Text" } as Record<string, string>,
  scoreNoText: "no text to compare",
  scoreUnavailable: "No score: the design could not be compared (no design image, or the renderer is unavailable).",
  repaired: "An automatic repair pass improved the match (same credit).",
  compareTitle: "Design vs result",
  compareSideBySide: "Side by side",
  compareOverlay: "Overlay",
  compareSlider: "Reveal the result",
  design: "Your design",
  rendered: "Rendered result",
  // History.
  searchLabel: "Search by name",
  typeFilterLabel: "Type",
  allTypes: "All types",
  sortLabel: "Sort",
  sorts: { newest: "Newest first", oldest: "Oldest first", name: "Name A–Z", score: "Best score" } as Record<
    string,
    string
  >,
  rename: "Rename",
  renameTitle: "Rename template",
  nameLabel: "Name",
  save: "Save",
  renameFailed: "Failed to rename the template.",
  duplicate: "Duplicate",
  duplicateFailed: "Failed to duplicate the template.",
  noMatches: "No templates match your search.",
  versions: "Versions",
  score: (n: number) => `Score ${n}`,
  // Rendered previews (the template page).
  previewsTitle: "How it renders",
  previewDesktop: "Desktop (600 px)",
  previewMobile: "Phone (375 px)",
  previewDark: "Phone, dark mode",
  previewDarkForced: "Phone, forced dark (apps that darken emails)",
  previewsUnavailable: "This version was not rendered; the other checks still ran.",
  // Images cropped from the design (the member may swap any of them).
  imagesTitle: "Images from your design",
  imagesHint: "Cut out of your design and hosted for you. Replace any of them with your own picture.",
  replaceImage: (n: number) => `Replace image ${n}`,
  replacing: "Uploading…",
  imageKinds: { photo: "Photo", logo: "Logo", icon: "Icon" } as Record<string, string>,
  replaceFailed: "Failed to replace the image.",
  // Export.
  exportTitle: "Export",
  downloadHtml: "Download HTML",
  downloadText: "Download Text",
  downloadMjml: "Download MJML",
  downloadZip: "Download ZIP",
  downloadZipHint: "The HTML with its images as files, for hosting the images yourself.",
} as const;
