/**
 * Texts of the spam score and the deliverability checks (issue 37 item 4, decision 110): what SpamAssassin's rules
 * mean in plain words with a fix each, and the checks that need no spam filter.
 */

/** Common SpamAssassin rules (by name prefix) → plain words and a fix. Others fall back to spamd's description. */
export const SPAM_RULE_TEXTS: { prefix: string; words: string; fix: string }[] = [
  {
    prefix: "HTML_IMAGE_ONLY",
    words: "The email is almost all pictures and very little text.",
    fix: "Put the message in real text (headings, paragraphs, button labels), not only in images.",
  },
  {
    prefix: "HTML_IMAGE_RATIO",
    words: "Pictures take much more room than text.",
    fix: "Add text around the pictures or use fewer, smaller ones.",
  },
  {
    prefix: "MIME_HTML_ONLY",
    words: "The email has no plain-text version.",
    fix: "Send a plain-text part with the HTML (Mailsmith gives you one under Plain text).",
  },
  {
    prefix: "HTML_SHORT_LINK_IMG",
    words: "A very short email whose main content is a linked picture — a pattern of spam.",
    fix: "Add a few sentences of text and a text link or button.",
  },
  {
    prefix: "SHORTENER",
    words: "A link goes through a URL shortener, which hides where it leads.",
    fix: "Link to the full address on your own domain.",
  },
  {
    prefix: "URI_SHORTENER",
    words: "A link goes through a URL shortener, which hides where it leads.",
    fix: "Link to the full address on your own domain.",
  },
  {
    prefix: "T_URL_SHORTENER",
    words: "A link goes through a URL shortener.",
    fix: "Link to the full address on your own domain.",
  },
  {
    prefix: "HTML_FONT_LOW_CONTRAST",
    words: "Some text has nearly the colour of its background (hidden text is a spam trick).",
    fix: "Give every text a colour that stands out from its background.",
  },
  {
    prefix: "T_REMOTE_IMAGE",
    words: "The email loads pictures from the web (normal; only a note).",
    fix: "Nothing to do if the pictures are on your own domain over https.",
  },
  { prefix: "SUBJ_ALL_CAPS", words: "The subject is in capital letters.", fix: "Write the subject in sentence case." },
  {
    prefix: "MISSING_SUBJECT",
    words: "The email has no subject.",
    fix: "Add a <title> or a first heading: it becomes the subject.",
  },
  { prefix: "EMPTY_MESSAGE", words: "The email has no text at all.", fix: "Write the message as text." },
  {
    prefix: "MISSING_",
    words: "A header every real email has is missing.",
    fix: "Your sending service adds it; check the email it sends.",
  },
  {
    prefix: "HTML_MIME_NO_HTML_TAG",
    words: "The HTML part has no <html> tag.",
    fix: "Send a whole HTML document.",
  },
  {
    prefix: "HTML_TAG_BALANCE",
    words: "The HTML has unclosed or stray tags.",
    fix: "Close every tag you open (Check my email's cleaned HTML does).",
  },
  {
    prefix: "HTML_OBFUSCATE",
    words: "Text is split into odd pieces, as spam does to hide words.",
    fix: "Write words whole, without tags or entities inside them.",
  },
  {
    prefix: "ACT_NOW",
    words: "Pushy wording ('act now', in capitals).",
    fix: "Say what the reader gets, calmly.",
  },
  { prefix: "FREE", words: "Words spam often uses ('free', 'win').", fix: "Use them sparingly, not in capitals." },
  { prefix: "DRUGS_", words: "The text mentions drugs spam often sells.", fix: "Leave these words out." },
  {
    prefix: "TO_NO_BRKTS",
    words: "An HTML-only email with a bare To: address.",
    fix: "Send a plain-text part; your sending service writes the To: header.",
  },
  {
    prefix: "MPART_ALT_DIFF",
    words: "The plain-text part says something different from the HTML.",
    fix: "Use the plain text made from this HTML.",
  },
  {
    prefix: "FROM_EXCESS_BASE64",
    words: "The sender's name is encoded in an unusual way.",
    fix: "Use a plain sender name.",
  },
];

/** Informational rules (0 points, about how the test message travelled): not shown. */
export const SPAM_RULES_HIDDEN = new Set(["NO_RECEIVED", "NO_RELAYS", "HTML_MESSAGE"]);

/** Plain words and fix for a rule, falling back to spamd's own description. */
export function spamRuleText(name: string, description: string): { words: string; fix?: string } {
  const known = SPAM_RULE_TEXTS.find((r) => name.startsWith(r.prefix) || name.startsWith(`T_${r.prefix}`));
  return known ? { words: known.words, fix: known.fix } : { words: description };
}

const pts = (n: number) => `${n > 0 ? "+" : ""}${n.toFixed(1)}`;

export const SPAM_TEXTS = {
  title: "Spam score (SpamAssassin)",
  unavailable: "Spam scoring is not available on this server right now; the other checks are complete.",
  unavailableFix: "Try again later. Operators: start spamd and set SPAMD_URL (docs/deploy.md).",
  pass: (score: number, threshold: number) =>
    `${score.toFixed(1)} points: well under SpamAssassin's spam threshold of ${threshold.toFixed(1)}.`,
  warn: (score: number, threshold: number) =>
    `${score.toFixed(1)} points: close to SpamAssassin's spam threshold of ${threshold.toFixed(1)}.`,
  fail: (score: number, threshold: number) =>
    `${score.toFixed(1)} points: SpamAssassin marks this as spam (threshold ${threshold.toFixed(1)}).`,
  fix: "Fix the rules listed, highest points first.",
  item: (points: number, name: string, words: string, fix?: string) =>
    `${pts(points)} ${name}: ${words}${fix ? ` Fix: ${fix}` : ""}`,
  /** Added to the Gmail clipping check's reason: the margin in bytes. */
  clipMargin: (bytes: number) => `${bytes.toLocaleString("en-US")} bytes to spare before Gmail clips.`,
  imageText: {
    title: "Pictures and text",
    pass: (words: number, images: number) =>
      `${words} words of text for ${images} picture${images === 1 ? "" : "s"}: a healthy mix.`,
    warn: (words: number, images: number) =>
      `Only ${words} words of text for ${images} picture${images === 1 ? "" : "s"}: spam filters distrust picture-only emails and many readers see no pictures.`,
    fix: "Aim for at least 60 % text: put headings, offers and button labels in text, not in pictures.",
  },
  shorteners: {
    title: "URL shorteners",
    pass: "No link goes through a URL shortener.",
    warn: "Links go through URL shorteners: spam filters distrust them because they hide where a link goes.",
    fix: "Link to the full address on your own domain.",
  },
  linkDomains: {
    title: "Link domains",
    pass: (domain: string) => `Links go to ${domain}, the sender's domain.`,
    none: "The email has no web links.",
    warn: (domain: string) =>
      `Links go to other domains than the sender's (${domain}): filters compare them, and mismatches look like phishing.`,
    fix: "Send from an address on the domain your links point to, or link to your own domain.",
    freeMail: (domain: string) =>
      `The sender is on ${domain}, a free mailbox domain: Gmail and Yahoo reject bulk mail sent "from" it through another service (DMARC).`,
    freeMailFix: "Send from an address on your own domain, with SPF, DKIM and DMARC set up.",
  },
  unsubscribe: {
    title: "Unsubscribe link",
    pass: "The email has an unsubscribe link.",
    notMarketing: "This reads as a transactional email (no offer, no newsletter): an unsubscribe link is optional.",
    missing:
      "A marketing email without an unsubscribe link: Gmail and Yahoo require one from bulk senders, and readers press Spam instead.",
    fix: "Add a visible unsubscribe link (or your sending service's unsubscribe merge tag) in the footer.",
  },
  address: {
    title: "Postal address",
    pass: "The email shows a postal address.",
    notMarketing: "This reads as a transactional email: a postal address is optional.",
    missing: "A marketing email without a postal address: the law requires one (CAN-SPAM; sender details in the EU).",
    fix: "Add your company's postal address to the footer.",
  },
} as const;
