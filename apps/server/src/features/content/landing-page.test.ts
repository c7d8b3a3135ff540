import { describe, expect, it } from "vitest";
import { buildLandingHtml } from "./landing-page.js";

const answer = (data: unknown, etag = '"t"') => ({
  body: JSON.stringify({ success: true, data, message: "ok" }),
  etag,
});
const template = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

function parts(hero: unknown) {
  return {
    hero: answer(hero),
    banner: answer(null),
    features: answer([]),
    about: answer(null),
    contactPage: answer(null),
    testimonials: answer({ data: [], total: 0 }),
    footer: answer({ bottomSection: { copyrightText: "</script><script>alert(1)</script>" } }, '"footer-v2"'),
  };
}

describe("buildLandingHtml", () => {
  it("inlines every answer as JSON nobody can break out of, with the footer version", () => {
    const html = buildLandingHtml(template, parts({ title: "Hi", imageUrl: "/content/hero.svg", videoUrl: "" }));
    const json = html.match(/<script id="mailsmith-landing" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(json).toBeTruthy();
    expect(html.match(/<script/g)?.length).toBe(1);
    const data = JSON.parse(json!);
    expect(data.hero.data.title).toBe("Hi");
    expect(data.footer.data.bottomSection.copyrightText).toBe("</script><script>alert(1)</script>");
    expect(data.footerVersion).toBe('"footer-v2"');
    expect(html.indexOf("mailsmith-landing")).toBeLessThan(html.indexOf("</head>"));
  });

  it("preloads the hero image, escaped, unless a video replaces it", () => {
    const withImage = buildLandingHtml(template, parts({ imageUrl: '/a.svg?x="y"', videoUrl: "" }));
    expect(withImage).toContain('<link rel="preload" as="image" href="/a.svg?x=&quot;y&quot;" fetchpriority="high" />');
    const withVideo = buildLandingHtml(
      template,
      parts({ imageUrl: "/a.svg", videoUrl: "https://youtu.be/dQw4w9WgXcQ" }),
    );
    expect(withVideo).not.toContain('rel="preload"');
  });

  it("keeps admin text with $ replacement patterns literally", () => {
    const html = buildLandingHtml(template, parts({ title: "Save $& and $' and $`", imageUrl: "", videoUrl: "" }));
    const json = html.match(/<script id="mailsmith-landing" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(json!).hero.data.title).toBe("Save $& and $' and $`");
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});
