/**
 * The email engine's check texts (titles, pass/warn/fail reasons and fixes) users read in the email report,
 * grouped by check; texts that carry a number or a name are functions.
 */

/** "1 feature" / "3 features". */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const EMAIL_CHECK_TEXTS = {
  /** Items past the per-check limit. */
  moreItems: (n: number) => `… and ${n} more`,
  size: {
    title: "Size (Gmail clips above 102 KB)",
    clipped: (size: string) => `${size}: Gmail clips it and hides the end, unsubscribe link included.`,
    clippedFix: "Shorten the email or remove repeated inline styles and comments.",
    nearClip: (size: string, clip: string) =>
      `${size}: close to Gmail's ${clip} clipping limit (tracking and ESP code add more).`,
    nearClipFix: "Leave room: shorten the email a little.",
    underClip: (size: string, clip: string) => `${size}: under Gmail's ${clip} clipping limit.`,
  },
  textSize: {
    title: "Text size",
    pass: (min: number, bodyMin: number) => `No text below ${min} px (body text ${bodyMin} px).`,
    tooSmall: (n: number, min: number, bodyMin: number) =>
      `${n} piece${n === 1 ? " is" : "s are"} of text smaller than ${min} px (or body text under ${bodyMin} px): hard to read on a phone.`,
    tooSmallFix: (min: number) => `Use at least 14–16 px for body text and ${min} px for small print.`,
  },
  headings: {
    title: "Heading structure",
    none: "No headings: screen-reader users cannot jump through the email.",
    noneFix: "Mark the main title as <h1> and section titles as <h2> (style them as you like).",
    skips: "Heading levels skip (e.g. h1 to h3).",
    skipsFix: "Use the next level down for each sub-section.",
    pass: (n: number) => `${n} heading${n === 1 ? "" : "s"} in order.`,
  },
  fonts: {
    title: "Web font fallbacks",
    pass: (fonts: string) => `Web fonts (${fonts}) have a fallback font.`,
    noFallback: "A web font has no fallback: Outlook for Windows shows Times New Roman, other clients their default.",
    noFallbackFix: "Follow the web font with a safe font and a generic family, e.g. 'Inter', Arial, sans-serif.",
  },
  alt: {
    title: "Image alt text",
    missing: (n: number) =>
      `${n} image${n === 1 ? " has" : "s have"} no alt: screen readers read the file name, blocked images leave an empty box.`,
    missingFix: 'Describe what each image shows (alt="…"); use alt="" for purely decorative images.',
    pass: 'Every image has alt text (or alt="" for decoration).',
    noImages: "No images.",
  },
  content: {
    title: "Readable content",
    empty: "The email shows no text and no images.",
    emptyFix: "Add the content.",
    imageOnly: "An image-only email: with images blocked (Outlook's default) the reader sees nothing.",
    imageOnlyFix: "Put the message in live text; keep images for pictures.",
    pass: (words: number) => `${words} words of live text.`,
  },
  contrast: {
    title: "Text contrast (WCAG AA)",
    pass: "All measurable text meets WCAG AA contrast (4.5:1, large text 3:1).",
    unreadable: (ratio: string) =>
      `Some text is hard to read for anyone (${ratio}:1; under 3:1 for body text, headings, table headers or buttons, or under 2:1 at any size; AA asks 4.5:1).`,
    belowAa: (lowest: string) => `Some text is below WCAG AA contrast (lowest ${lowest}:1; AA asks 4.5:1).`,
    fix: "Darken the text or lighten its background until the pair reaches 4.5:1.",
  },
  linkText: {
    title: "Link text",
    unnamed: "Some links have no text or alt: screen readers read out the URL.",
    vague: 'Some links say nothing out of context ("click here", bare URLs).',
    fix: 'Say where the link goes: "See the spring collection" instead of "click here".',
    pass: "Every link says where it goes.",
  },
  linkPlaceholder: {
    title: "Links that go nowhere",
    reason: (n: number) => `${n} link${n === 1 ? " goes" : "s go"} nowhere (href="#" or empty).`,
    fix: "Point each link at its page, or remove the link.",
  },
  /** Links without a scheme or relative: they lead nowhere from an inbox. */
  linkNoScheme: {
    title: "Links without https://",
    reason: (n: number) =>
      `${n} link${n === 1 ? " has" : "s have"} no https:// in front: in an inbox ${n === 1 ? "it leads" : "they lead"} nowhere.`,
    fix: "Write the whole address with https:// in front (Use https adds it).",
  },
  linkRelative: {
    title: "Relative links",
    reason: (n: number) =>
      `${n} link${n === 1 ? " is" : "s are"} relative to a web page: an email has no page, so ${n === 1 ? "it leads" : "they lead"} nowhere.`,
    fix: "Use full addresses starting with https://your-domain/ for every link.",
  },
  https: {
    title: "Secure links (https)",
    insecure: "Some links or images use http:, which clients and browsers mark as unsafe.",
    fix: "Use https: for every link and image.",
    pass: "Every link and image uses https.",
  },
  charset: {
    title: "Document head and charset",
    pass: "The <head> declares a charset.",
    missing:
      "No <head> with a charset: where the mail's MIME charset is lost (browser view, forwards, some webmail) accents, € and names show as garbled characters.",
    missingFix:
      'Start with <!DOCTYPE html><html lang="…"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>…</title></head>.',
  },
  lang: {
    title: "Language (lang)",
    pass: (lang: string) => `lang="${lang}" on <html> and the wrapper.`,
    onlyHtml: "lang is only on <html>, which Gmail and others drop.",
    onlyWrapper: "lang is only on the wrapper; put it on <html> too.",
    bothFix: (lang: string) => `Set lang="${lang}" on both <html> and the wrapper element.`,
    missing: "No lang: screen readers may read the email with the wrong voice.",
    missingFix: 'Add lang (e.g. lang="en") to <html> and the wrapper element.',
  },
  dir: {
    title: "Text direction (dir)",
    pass: (dir: string) => `dir="${dir}" is set.`,
    missing: "No dir: right-to-left readers and clients may lay the text out wrongly.",
    missingFix: 'Add dir="ltr" (or "rtl") to <html> and the wrapper element.',
  },
  title: {
    title: "Document title",
    pass: (title: string) => `<title> is "${title}".`,
    missing: "No <title>: screen readers and browser views show a blank or the file name.",
    missingFix: "Add a <title> with the subject line to <head>.",
  },
  caniemail: {
    title: (client: string) => `${client} support`,
    breaks: (n: number, client: string) =>
      `${count(n, "feature")} ${n === 1 ? "is" : "are"} not shown in ${client}: the reader misses content.`,
    breaksFix: "Replace them with tables, inline styles and images (PNG/JPEG/GIF).",
    unsupported: (n: number, features: string, client: string) =>
      `${client} does not support ${count(n, "feature")} (${features}) with no known fallback: look at the email there.`,
    unsupportedFix:
      "Check the email in that client (or use a widely supported alternative, e.g. px instead of vw/rem).",
    fallsBack: (n: number, features: string, client: string) =>
      `Works in ${client}; ${count(n, "feature")} (${features}) fall${n === 1 ? "s" : ""} back gracefully, the email stays complete.`,
    pass: (client: string) => `Everything this email uses works in ${client}.`,
    /** One item: a feature and the clients where it fails. */
    itemNotShown: (feature: string, where: string) => `${feature} (${where}): not shown`,
    itemFallback: (feature: string, where: string, effect: string) => `${feature} (${where}): ${effect}`,
    itemNoEffect: "no effect",
    itemUnsupported: (feature: string, where: string) =>
      `${feature} (${where}): not supported, check how it looks there`,
  },
  /** Rendered checks (a real browser at phone and desktop widths). */
  overflow: {
    title: "Fits a phone screen (375 px)",
    tooWide: (px: number, width: number) =>
      `The email sticks out ${px} px beyond a ${width} px phone screen, so readers must scroll sideways.`,
    tooWideFix:
      "Give wide tables and images width:100% with a max-width, and stack columns with a @media (max-width: 480px) rule.",
    pass: (width: number) => `No sideways scrolling on a ${width} px phone screen.`,
  },
  height: {
    title: "Length",
    tooLong: (px: number, width: number) => `The email is ${px} px tall at ${width} px; few readers scroll that far.`,
    tooLongFix: "Shorten it, or link to a web page for the rest.",
    pass: (px: number, width: number) => `${px} px tall at ${width} px.`,
  },
} as const;

/** What each pass of the email engine tells the user it changed (the report's list of fixes applied). */
export const EMAIL_PASS_NOTES = {
  bodyStylesMoved: "Moved the <body> styles (font, colour …) to a wrapper <div> (Gmail drops <body> styles)",
  wrapperAdded: "Added a wrapper <div> carrying lang and dir",
  /** What an unsafe CSS declaration is, by kind. */
  unsafeCss: {
    script: "script-like CSS (expression(), behavior …)",
    variable: "CSS variables (var())",
    "flex-grid": "flex/grid layout",
    position: "absolute/fixed positioning",
  },
  unsafeCssFromElements: (label: string, n: number) => `Removed ${label} from ${count(n, "element")}`,
  unsafeCssFromRules: (label: string, n: number) => `Removed ${label} from ${count(n, "CSS rule")}`,
  flexRowsToTables: (n: number) =>
    `Turned ${count(n, "flex row")} of blocks into ${n === 1 ? "a one-row table" : "one-row tables"} (side by side in every client)`,
  widthsLimited: (n: number, max: number) => `Limited ${count(n, "width")} to ${max} px`,
  widthsFluid: (n: number) => `Made ${count(n, "fixed width")} fluid (width:100% up to the old width) to fit phones`,
  spacersDecorative: (n: number) => `Marked ${count(n, "spacer/tracking image")} as decorative (alt="")`,
  webFontsKept: "Kept web fonts in a block Outlook for Windows skips (it would fall back to Times New Roman)",
  inlinedKeptRules: (blocks: number) =>
    `Inlined CSS from ${count(blocks, "<style> block")}; kept media queries, hover and client rules in one <style>`,
  inlined: (blocks: number) => `Inlined CSS from ${count(blocks, "<style> block")}`,
  scriptsRemoved: (n: number) => `Removed ${count(n, "script, frame or embedded object")}`,
  drawingsRemoved: (n: number) =>
    `Removed ${count(n, "SVG or MathML drawing")} (Gmail, Outlook and Yahoo do not show them)`,
  handlersRemoved: (n: number) => `Removed ${count(n, "event handler attribute")} (onclick …)`,
  scriptUrlsRemoved: (n: number) =>
    `Removed ${count(n, "unsafe URL or style")} (javascript:, vbscript:, data: pages and other schemes email does not use)`,
  formsDisabled: (n: number) => `Removed form behaviour from ${count(n, "element")} (their text stays)`,
  stylesheetsRemoved: (n: number) => `Removed ${count(n, "external stylesheet")}`,
  importsRemoved: (n: number) => `Removed ${count(n, "external stylesheet import")} (@import)`,
  semanticContainers: (n: number) =>
    `Turned ${count(n, "header/nav/section/footer element")} into <div>s with their role (content kept)`,
  layoutTables: (n: number) => `Marked ${count(n, "layout table")} as presentation (data tables keep their meaning)`,
  tablesReset: (n: number) => `Set cellpadding/cellspacing/border to 0 on ${count(n, "table")}`,
} as const;

/**
 * Why the email engine refused an email (Check my email, template import, generation): bounds on the work one email
 * may cost, and a time limit per email.
 */
export const EMAIL_ENGINE_MESSAGES = {
  tooDeep: (levels: number) =>
    `This email's HTML is nested more than ${levels} levels deep, which no email client displays as written. Remove the extra wrapping elements, then try again.`,
  tooManyElements: (n: number) =>
    `This email has more than ${n.toLocaleString("en")} HTML elements. Simplify it (or split it into several emails), then try again.`,
  attributeTooLarge: (kb: number) =>
    `An attribute in this email is larger than ${kb} KB (usually a picture embedded as data). Host the picture and link to it, then try again.`,
  pictureTooLarge: (megapixels: number) =>
    `A picture embedded in this email as data is larger than ${megapixels} megapixels (width × height), far more than any inbox shows. Resize it, or host it and link to it, then try again.`,
  tooSlow:
    "Processing this email took too long. Try again in a moment; if it happens again, simplify the email (fewer nested tables, less inline code).",
} as const;

/** Texts of the web Check Email screen (labels and headings). */
export const EMAIL_CHECK_UI_TEXTS = {
  fixWithAi: {
    fixWithAi: "Fix with AI",
  },
  outputPanel: {
    processedEmail: "Processed email",
    outputFormat: "Output format",
  },
  checkEmailPage: {
    processedEmail: "Processed email",
  },
} as const;
