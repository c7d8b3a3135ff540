import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import type { Element } from "domhandler";
import type { EmailPass } from "./pass.js";

/** HTML5 sectioning elements and the ARIA role that keeps their meaning on a <div>. */
const ROLES: Record<string, string | undefined> = {
  header: "banner",
  nav: "navigation",
  main: "main",
  footer: "contentinfo",
  aside: "complementary",
  article: "article",
  section: undefined,
};

/**
 * header, nav, main, section, article, aside and footer become <div>s with their ARIA role: several clients
 * (Outlook for Windows, some webmails) drop or mis-style unknown sectioning elements; their content always stays.
 * They render the same (all are display:block), and the role keeps what they meant for screen readers.
 */
export const semanticContainers: EmailPass = {
  name: "semantic-containers",
  run($) {
    let n = 0;
    $(Object.keys(ROLES).join(",")).each((_, node) => {
      const el = node as Element;
      const role = ROLES[el.name.toLowerCase()];
      el.name = "div";
      if (role && !el.attribs.role) el.attribs.role = role;
      n += 1;
    });
    return n ? [N.semanticContainers(n)] : [];
  },
};
