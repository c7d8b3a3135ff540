/**
 * The audit log in words (issue 45 item 8, decision 127): "Added a Gemini key", "Changed a package" instead of
 * `gemini_key.create`; a target as the kind of thing and its name instead of a table name and an id. The code stays
 * in the entry (the filter still takes it) and in a tooltip.
 */
const VERBS: Record<string, string> = {
  create: "Added",
  update: "Changed",
  delete: "Deleted",
  retire: "Retired",
  restore: "Restored",
  activate: "Turned on",
  deactivate: "Turned off",
  enable: "Enabled",
  disable: "Disabled",
  reset: "Reset",
  choose: "Chose",
  send: "Sent",
  reply: "Replied to",
  cancel: "Cancelled",
  profile_update: "Changed the profile of",
  role: "Changed the role of",
  credits: "Changed the credits of",
  membership: "Changed the membership of",
  balance: "Changed the credits of",
};

const SUBJECTS: Record<string, string> = {
  gemini_key: "an AI key",
  gemini_model: "the AI model",
  email_template: "a message template",
  item: "a premium item",
  package: "a package",
  local_reader: "the local design reader's settings",
  score_threshold: "the score threshold",
  message: "a message to a member",
  paypal_settings: "the PayPal settings",
  template: "a member's template",
  ticket: "a support ticket",
  user: "a member",
  order: "an order",
  item_order: "an item order",
  content: "the landing page",
  setting: "a setting",
};

const words = (code: string) => code.replace(/[_-]+/g, " ").trim();

/** "gemini_key.create" → "Added an AI key"; "content.hero.update" → "Changed the landing page's hero section". */
export function auditActionWords(action: string): string {
  const parts = action.split(".");
  const verbCode = parts.at(-1) ?? "";
  const verb = VERBS[verbCode] ?? `${words(verbCode).replace(/^./, (c) => c.toUpperCase())}:`;
  if (parts[0] === "content" && parts.length === 3)
    return `${verb} the landing page's ${words(parts[1] ?? "")} section`;
  const subject = SUBJECTS[parts.slice(0, -1).join(".")] ?? words(parts.slice(0, -1).join(" "));
  return `${verb} ${subject}`;
}

const TARGETS: Record<string, string> = {
  gemini_key: "AI key",
  email_template: "Message template",
  item: "Premium item",
  package: "Package",
  template: "Template",
  ticket: "Support ticket",
  user: "Member",
  content: "Landing page",
  setting: "Setting",
  order: "Order",
  item_order: "Item order",
};

/** Fields that name a thing, in the order they are tried. */
const NAME_FIELDS = [
  "name",
  "packageName",
  "itemName",
  "templateName",
  "title",
  "subject",
  "email",
  "userEmail",
  "orderId",
];

function nameIn(values: unknown): string | undefined {
  if (!values || typeof values !== "object") return undefined;
  const v = values as Record<string, unknown>;
  const key = NAME_FIELDS.find((k) => typeof v[k] === "string" && (v[k] as string).trim());
  return key ? (v[key] as string).trim() : undefined;
}

/** "Package “Pro pack”", "Member sam@example.com"; the kind alone when the entry names nothing. */
export function auditTargetWords(entry: { targetType: string; before?: unknown; after?: unknown }): string {
  const kind = TARGETS[entry.targetType] ?? words(entry.targetType).replace(/^./, (c) => c.toUpperCase());
  const name = nameIn(entry.after) ?? nameIn(entry.before);
  return name ? `${kind} “${name.slice(0, 80)}”` : kind;
}
