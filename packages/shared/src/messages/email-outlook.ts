/**
 * Texts of the classic Outlook approximation and the dark-mode repair (issue 37 items 3 and 5, decision 109).
 */

/** What differs between the classic Outlook picture and the desktop picture, one plain sentence per kind. */
export const OUTLOOK_DIFFERENCE_TEXTS = {
  buttonPadding: "The button loses its padding: Outlook shows a small coloured strip around the link text.",
  blockPadding: "Padding on div and p blocks is ignored: text sits against the edges of its box.",
  columnsStack: "The columns do not sit side by side: Outlook ignores inline-block, flex and grid, so they stack.",
  maxWidth: "max-width is ignored: the block is as wide as the window, not the width you set.",
  radius: "The rounded corners become square.",
  backgroundImage: "The background image is missing: only the background colour shows (Outlook needs VML for it).",
  webFont: (font: string, fallback: string) => `The font ${font} is not on Windows: it falls back to ${fallback}.`,
  shadow: "Shadows are missing.",
  float: "Floated elements no longer sit beside the content (float is ignored).",
  position: "Positioned elements move back into the normal flow (position is ignored).",
  marginAuto: 'Blocks centred with margin:auto sit at the left (use align="center" on the table).',
  imageSize: "Images without a width attribute show at their own size (Outlook ignores the CSS width).",
  minHeight: "min-height is ignored: boxes are only as tall as their content.",
  opacity: "Transparency (opacity) is ignored.",
  hiddenShown: "Content hidden with display:none on images shows in Outlook.",
} as const;

export const OUTLOOK_CHECK_TEXTS = {
  title: "Classic Outlook (approximation)",
  previewLabel: "Classic Outlook (approximation)",
  none: "The classic Outlook approximation looks like the desktop picture: nothing the Word engine ignores changes what a reader sees.",
  found: (n: number) =>
    `${n} difference${n === 1 ? "" : "s"} between classic Outlook for Windows (the Word engine, approximated) and the desktop picture.`,
  fix: "Use tables with width attributes, ghost tables for columns, VML for buttons and background images, and a system font at the end of each font stack.",
  invisible:
    "The Word engine ignores some of this email's CSS, but the approximation looks the same as the desktop picture.",
} as const;

/** The dark-mode repair (fix "dark-mode"). */
export const DARK_MODE_FIX_TEXTS = {
  vanishing: (sample: string, ratio: number) =>
    `Text "${sample}" drops to ${ratio.toFixed(2)}:1 when a mail app darkens the email: given colours of its own for dark mode.`,
  meta: 'Declared light and dark support (<meta name="color-scheme" content="light dark"> and supported-color-schemes).',
  nothing: "No text vanishes in the dark previews: nothing to repair.",
  checkTitle: "Text in dark mode",
  pass: "No text drops below 3:1 when a mail app darkens the email.",
  found: (n: number) =>
    `${n} text${n === 1 ? "" : "s"} drop${n === 1 ? "s" : ""} below 3:1 when a mail app darkens the email (see the forced dark preview).`,
  fix: "Use Repair dark mode: backgrounds that darken with the text, and dark colours of its own for the apps that ask.",
  item: (sample: string, ratio: number) => `"${sample}" at ${ratio.toFixed(2)}:1 when darkened`,
  ui: {
    repair: "Repair dark mode",
    repairing: "Repairing…",
    title: "Dark-mode repair",
    hint: "Gives vanishing text a background that darkens with it, and declares dark colours for the apps that ask. The forced dark and dark previews below are of the repaired email.",
    before: "Forced dark, before",
    after: "Forced dark, after",
    afterDark: "Dark mode, after",
    download: "Download repaired HTML",
    fileName: "email_dark_mode.html",
    failed: "The email could not be repaired. Please try again.",
  },
} as const;
