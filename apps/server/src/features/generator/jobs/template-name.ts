import { GENERATION_JOB_LIMITS, GENERATION_JOB_MESSAGES } from "@mailsmith/shared";

const decodeEntities = (s: string) =>
  s
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&[lr]squo;/g, "'")
    .replace(/&[lr]dquo;/g, '"')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

/** The template's name: the first h1/h2 text of the email, else its subject, else "Your email". */
export function nameFromHtml(html: string, subject: string): string {
  const m = html.match(/<h([12])\b[^>]*>([\s\S]*?)<\/h\1>/i);
  const heading = m
    ? decodeEntities(m[2]!.replace(/<[^>]+>/g, " "))
        .replace(/\s+/g, " ")
        .trim()
    : "";
  const name = heading || subject.trim() || GENERATION_JOB_MESSAGES.defaultName;
  return name.length > GENERATION_JOB_LIMITS.maxNameLength
    ? `${name.slice(0, GENERATION_JOB_LIMITS.maxNameLength - 1)}…`
    : name;
}
