import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { bodyStyles, documentDir, documentLang, ensureDocument } from "../document.js";
import { firstElement, hiddenByStyle, isTag, parseStyle, stringifyStyle } from "../dom.js";
import type { EmailPass } from "./pass.js";

/**
 * A member's own email keeps its document; styles on <body> (which Gmail and others drop) move to a wrapper
 * <div> that also carries lang and dir. When the body already holds one wrapper <div> with lang, dir or
 * role="article" (MJML, most frameworks), that one is used. Generated emails get the same from the skeleton pass instead.
 */
export const bodyWrapper: EmailPass = {
  name: "body-wrapper",
  run($, options) {
    if (options.source !== "existing") return [];
    ensureDocument($);
    const body = $(firstElement($, "body"));
    const lang = documentLang($);
    const dir = documentDir($);
    const { body: keep, wrapper: moved } = bodyStyles($);

    const visible = body.children().filter((_, n) => isTag(n) && !hiddenByStyle(n as Element));
    // Reuse only a div that is a wrapper by intent (lang/dir/role, as MJML and most frameworks write it), not a
    // content block that happens to be alone (its width or background would then be the page's).
    const only = visible.length === 1 ? (visible[0] as Element) : undefined;
    const reuse =
      only?.name === "div" &&
      (only.attribs.lang !== undefined || only.attribs.dir !== undefined || only.attribs.role === "article");
    const created = !reuse;
    const wrapper = reuse ? $(visible[0] as Element) : $("<div></div>");
    if (created) {
      wrapper.append(body.contents());
      body.append(wrapper);
    }
    const own = new Map(parseStyle(wrapper.attr("style")));
    let movedAny = false;
    for (const [k, v] of moved) {
      if (own.has(k)) continue;
      own.set(k, v);
      movedAny = true;
    }
    if (own.size) wrapper.attr("style", stringifyStyle(own));
    if (lang && !wrapper.attr("lang")) wrapper.attr("lang", lang);
    if (!wrapper.attr("dir")) wrapper.attr("dir", dir);
    if (moved.size) {
      if (keep) body.attr("style", keep);
      else body.removeAttr("style");
    }

    const notes: string[] = [];
    if (movedAny) notes.push(N.bodyStylesMoved);
    else if (created) notes.push(N.wrapperAdded);
    return notes;
  },
};
