import fc from "fast-check";

/**
 * A generator of hostile HTML for the sanitiser's property tests (issue 35, decision 100): token soup, so tags nest,
 * mis-nest and stay open as an attacker writes them. It mixes the constructs on which parsers disagree — comments
 * with odd endings, CDATA, processing instructions, raw-text and RCDATA elements, `<noscript>` (scripting flag),
 * `<template>`, SVG/MathML and their HTML integration points, tables and forms mis-nested — with event handlers,
 * script URLs hidden by entities, whitespace and control characters, CSS escapes, and merge tags.
 */

const TAGS = [
  // kept
  "div",
  "p",
  "a",
  "img",
  "table",
  "tbody",
  "tr",
  "td",
  "th",
  "span",
  "b",
  "font",
  "center",
  "style",
  "title",
  "meta",
  "link",
  "input",
  "button",
  "form",
  "label",
  "ul",
  "li",
  "h1",
  "br",
  "html",
  "head",
  "body",
  "video",
  "source",
  "picture",
  "area",
  "map",
  // dropped or dangerous
  "script",
  "textarea",
  "xmp",
  "noscript",
  "noembed",
  "noframes",
  "plaintext",
  "iframe",
  "template",
  "svg",
  "math",
  "mtext",
  "mglyph",
  "malignmark",
  "mi",
  "annotation-xml",
  "foreignObject",
  "desc",
  "select",
  "option",
  "object",
  "embed",
  "base",
  "frameset",
  "image",
  "keygen",
  "listing",
  "custom-el",
  "o:p",
  "v:roundrect",
  "set",
  "animate",
  "use",
  "feImage",
  "dialog",
  "details",
  "slot",
];

const ATTRS = [
  "onerror",
  "onload",
  "onclick",
  "onmouseover",
  "ONFOCUS",
  "href",
  "src",
  "srcset",
  "style",
  "background",
  "poster",
  "xlink:href",
  "formaction",
  "action",
  "srcdoc",
  "data",
  "id",
  "name",
  "class",
  "color",
  "face",
  "http-equiv",
  "content",
  "type",
  "rel",
  "encoding",
  "attributeName",
  "values",
  "to",
  "from",
  "is",
  "shadowrootmode",
  "autofocus",
  "alt",
  "title",
  "width",
  "data-x",
  "aria-label",
  "xmlns",
  "ping",
  "dynsrc",
  "lowsrc",
];

/** Script and other unwanted URLs, disguised the ways browsers still read them. */
const URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "jav&#x09;ascript:alert(1)",
  "jav&#9;ascript:alert(1)",
  "java&#x0A;script:alert(1)",
  "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
  "&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)",
  "javascript&colon;alert(1)",
  " \u0001\u0010javascript:alert(1)",
  "java\u0000script:alert(1)",
  "\tjava\nscript:alert(1)",
  "vbscript:msgbox(1)",
  "livescript:x",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "data:image/png;base64,iVBORw0KGgo=",
  "java{{x}}script:alert(1)",
  "*|UNSUB|*",
  "{{unsubscribe_url}}",
  "%%view_email_url%%",
  "https://example.com/a?b=1&amp;c=2",
  "//evil.example/x",
  "#top",
  "mailto:a@example.com",
  "ftp://example.com/",
  "file:///etc/passwd",
  "blob:https://x/y",
  "filesystem:x",
  "intent://x#Intent;end",
];

/** Style values: url() schemes hidden by CSS escapes, old script hooks. */
const STYLES = [
  "background:url(javascript:alert(1))",
  "background:url('\\6a avascript:alert(1)')",
  'background-image:url("\\0000006a\\61vascript:x")',
  "background:url(data:text/html,x)",
  "width:expression(alert(1))",
  "w\\idth:ex/**/pression(alert(1))",
  "behavior:url(x.htc)",
  "-moz-binding:url(http://x/#y)",
  "background:image-set('javascript:x' 1x)",
  "color:red",
  "background:url(https://example.com/bg.png)",
  "background:url(&#106;avascript:x)",
  "font-family:&quot;Inter&quot;",
];

/** Snippets that close, open or hide contexts. */
const SNIPPETS = [
  "<!-- x --!><img src=x onerror=alert(1)>",
  "<!--><img src=x onerror=alert(1)>-->",
  "<!---><img src=x onerror=alert(1)>-->",
  "<!-- a -- b --><img src=x onerror=1>",
  "<!--[if mso]><img src=x onerror=alert(1)><![endif]-->",
  "<!--[if !mso]><!--><img src=x onerror=1><!--<![endif]-->",
  "<![if !mso]><img src=x onerror=1><![endif]>",
  "<![CDATA[><img src=x onerror=alert(1)>]]>",
  "<?xml ?><img src=x onerror=1>",
  "<!DOCTYPE html><img src=x onerror=1>",
  "</noscript><img src=x onerror=alert(1)>",
  "</title><img src=x onerror=alert(1)>",
  "</textarea><img src=x onerror=alert(1)>",
  "</style><img src=x onerror=alert(1)>",
  "</xmp><img src=x onerror=1>",
  "</script><img src=x onerror=1>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "<svg><p><style><img src=x onerror=alert(1)></style></p></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><annotation-xml encoding="text/html"><style><img src=x onerror=1></style></annotation-xml></math>',
  "<svg><foreignObject><iframe src=javascript:alert(1)></iframe></foreignObject></svg>",
  "<template><img src=x onerror=1></template>",
  "<template shadowrootmode=open><img src=x onerror=1></template>",
  "<table><form><td><input formaction=javascript:alert(1)></td></form></table>",
  "<table><tr><td><a href=javascript:alert(1)>x</table>",
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  "<img src=x onerror=alert(1)//",
  "<img/src/onerror=alert(1)>",
  "<img src=`x`onerror=alert(1)>",
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  "<svg><animate attributeName=href to=javascript:alert(1) /></svg>",
  '<meta http-equiv=refresh content="0;url=javascript:alert(1)">',
  "<base href=javascript:/a/>",
  "<link rel=import href=x>",
  "<style>@import 'javascript:x';body{background:url(javascript:x)}</style>",
  "<plaintext><img src=x onerror=1>",
  "&lt;img src=x onerror=alert(1)&gt;",
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<div style="x:\\65 xpression(alert(1))">x</div>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,x">',
  '<iframe srcdoc="<img src=x onerror=1>"></iframe>',
  "<isindex action=javascript:alert(1) type=image>",
  "<input type=image src=x onerror=1>",
  "<button formaction=javascript:alert(1)>x</button>",
  "<select><style><img src=x onerror=1></style></select>",
  '<xmp><p title="</xmp><img src=x onerror=1>">',
  "<title><img src=x onerror=1></title>",
  "<textarea><img src=x onerror=1></textarea>",
  "<p>\u0000<img src=x onerror=1></p>",
];

const TEXTS = ["x", " ", "&amp;", "&", "<", ">", '"', "'", "=", "&#0;", "&#x110000;", "\u2028", "é", "&nbsp;"];

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);

const quote = fc.constantFrom('"', "'", "", "`");

const attrValue = fc.oneof(pick(URLS), pick(STYLES), pick(SNIPPETS), pick(TEXTS), fc.string({ maxLength: 8 }));

const attribute = fc
  .tuple(pick(ATTRS), quote, attrValue, fc.constantFrom(" ", "/", "\n", "\t"))
  .map(([name, q, value, sep]) => {
    const v = q === "" ? value.replace(/[\s>]/g, "") : value.replaceAll(q, "");
    return `${sep}${name}=${q}${v}${q}`;
  });

const startTag = fc
  .tuple(pick(TAGS), fc.array(attribute, { maxLength: 4 }), fc.constantFrom(">", "/>", " >"))
  .map(([tag, attrs, end]) => `<${tag}${attrs.join("")}${end}`);

const endTag = pick(TAGS).map((tag) => `</${tag}>`);

const comment = fc
  .tuple(
    fc.constantFrom("<!--", "<!---", "<!", "<?", "<![CDATA["),
    fc.string({ maxLength: 6 }),
    pick(["-->", "--!>", "->", ">", "]]>", "--", ""]),
  )
  .map(([open, body, close]) => `${open}${body}${close}`);

const token = fc.oneof(
  { arbitrary: startTag, weight: 5 },
  { arbitrary: endTag, weight: 3 },
  { arbitrary: pick(SNIPPETS), weight: 3 },
  { arbitrary: comment, weight: 2 },
  { arbitrary: pick(TEXTS), weight: 2 },
);

/** Hostile markup: 1–24 tokens, sometimes inside a plausible email document. */
export const hostileMarkup: fc.Arbitrary<string> = fc
  .tuple(fc.array(token, { minLength: 1, maxLength: 24 }), fc.boolean())
  .map(([tokens, wrapped]) =>
    wrapped
      ? `<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title></head><body><table><tr><td>${tokens.join("")}</td></tr></table></body></html>`
      : tokens.join(""),
  );

/** The hand-written snippets on their own (the classic mutation-XSS forms), for the route walk and the Chromium test. */
export const HOSTILE_SNIPPETS: readonly string[] = SNIPPETS;

/** A few fixed samples of the generator (same seed, same samples), for tests that send each one over HTTP. */
export function hostileSamples(n: number, seed = 35): string[] {
  return fc.sample(hostileMarkup, { numRuns: n, seed });
}
