/**
 * What the member reads when the design reader (issue 43; decision 120) cannot use a picture — checked before any
 * credit is taken — or cannot read it now.
 */
export const DESIGN_READER_MESSAGES = {
  blank: "This picture is a single colour, so there is no design in it to read. Upload a picture of your email design.",
  tiny: "This picture is too small to read. Upload a design at least 200 pixels wide.",
  animated: "This picture is animated. Upload a still PNG, JPEG or WebP of your email design.",
  corrupt: "This picture could not be opened. Upload a PNG, JPEG or WebP of your email design.",
  format: "Upload your design as a PNG, JPEG or WebP picture.",
  tooLarge: "This picture is larger than 25 megapixels. Upload a smaller export of your design.",
  lonePhoto:
    "This looks like a photo rather than an email design: there is no text or layout in it to read. Upload a picture of the whole email.",
  scannedLetter:
    "This looks like a page of text rather than an email design. Upload a picture of the email as it should look.",
  busy: "The design reader is busy with other designs. Please try again in a minute.",
  tooSlow: "Reading this design took too long. Please try again, or upload a smaller picture.",
} as const;

export type DesignReaderRefusal = Exclude<keyof typeof DESIGN_READER_MESSAGES, "busy" | "tooSlow">;
