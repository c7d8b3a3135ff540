import { EXPORT_PLATFORM_LABELS, type ExportPlatform } from "../personalisation.js";

/** Texts of personalisation tokens and platform exports (issue 38, decision 114). */
export const PERSONALISATION_MESSAGES = {
  insertField: "Insert field",
  fieldLabel: "Field",
  insertFieldHint: "Adds a personalisation field at the cursor. Write a fallback after a bar: {{first_name|there}}.",
  fallbackLabel: "Fallback (optional)",
  sampleData: "Preview with sample data",
  exportHeading: "Export to your sending platform",
  copyShort: "Copy",
  downloadShort: "Download",
  copyField: "Copy",
  copiedField: (token: string) => `Copied ${token}: paste it into your HTML or a change request.`,
  copy: (p: ExportPlatform) => `Copy for ${EXPORT_PLATFORM_LABELS[p]}`,
  download: (p: ExportPlatform) => `Download for ${EXPORT_PLATFORM_LABELS[p]}`,
  copied: (p: ExportPlatform) => `Copied the ${EXPORT_PLATFORM_LABELS[p]} HTML.`,
  copyFailed: "Your browser did not allow copying. Use Download instead.",
  exportFailed: "The export did not work. Try again.",
  footerUnsubscribe: "Unsubscribe",
  tokensCheckName: "Personalisation fields",
  unknownTokens: (names: string[]) =>
    `Unknown personalisation ${names.length === 1 ? "field" : "fields"}: ${names.map((n) => `{{${n}}}`).join(", ")}. Use one of the fields in Insert field.`,
  allTokensKnown: "Every personalisation field is one we know.",
  noTokens: "No personalisation fields.",
  note: {
    addedUnsubscribe: (label: string) => `Added an unsubscribe link at the bottom: ${label} requires one.`,
    addedAddress: (label: string) => `Added your postal address at the bottom: ${label} requires one.`,
    addedKitAddress: (kit: string, label: string) =>
      `Added the postal address of your brand kit “${kit}” at the bottom (${label} takes it as text). Check it is the address you send from.`,
    kitAddressUsed: (kit: string) =>
      `{{company_address}} is the postal address of your brand kit “${kit}”. Check it is the address you send from.`,
    editableRegions: (count: number) =>
      count === 0
        ? "No content block to make editable: the email has no table cells with content."
        : `Marked ${count} content ${count === 1 ? "block" : "blocks"} as editable in Mailchimp (mc:edit="content_1"…).`,
    noAddressTag: (label: string) =>
      `${label} has no postal address tag: write your address into the footer before sending.`,
    customField: (label: string, tag: string) =>
      `${tag} is not a default ${label} field: create it in your ${label} contacts or audience before sending.`,
    sendData: (names: string[]) =>
      `Send these values in the dynamic template data: ${names.join(", ")}. SendGrid fills {{{unsubscribe}}} and the sender address itself.`,
    plainLinkPlaceholder: (name: string) =>
      `{{${name}}} had no fallback: its link is # — put your own address there before sending.`,
    plainNoUnsubscribe: "There is no unsubscribe link: add one before sending marketing email.",
    removedTokens: (count: number) =>
      `Replaced ${count} personalisation ${count === 1 ? "field" : "fields"} with ${count === 1 ? "its" : "their"} fallback text (or nothing).`,
    unknownKept: (names: string[]) => `Left as written (unknown fields): ${names.map((n) => `{{${n}}}`).join(", ")}.`,
    foreignCode: (label: string, found: string[]) =>
      `Template code that ${label} would run was made inert (it shows as text; remove it or rewrite it with personalisation fields): ${found.slice(0, 10).join(" · ")}${found.length > 10 ? ` and ${found.length - 10} more` : ""}.`,
  },
} as const;
