import { describe, expect, it } from "vitest";
import { HtmlFieldDecoder, parseAnswer } from "./answer.js";

describe("HtmlFieldDecoder", () => {
  it("decodes the html value as it streams, whatever the chunk boundaries", () => {
    const html = '<!DOCTYPE html>\n<p class="x">Caf\u00e9 "quoted" \\ tab\t</p>';
    const json = JSON.stringify({ subject: "S", html, preheader: "P" }).replace("é", "\\u00e9");
    for (const size of [1, 2, 3, 7, 50]) {
      const d = new HtmlFieldDecoder();
      let out = "";
      for (let i = 0; i < json.length; i += size) out += d.push(json.slice(i, i + size));
      expect(out).toBe(html);
    }
  });
});

describe("parseAnswer", () => {
  it("reads html between the first { and the last }", () => {
    expect(parseAnswer('Here you go: {"html": "<p>x</p>", "subject": "Hi"} thanks')).toEqual({
      html: "<p>x</p>",
      subject: "Hi",
      preheader: undefined,
    });
  });
  it("accepts a bare document and refuses prose or half answers", () => {
    expect(parseAnswer("<html><body>x</body></html>")?.html).toBe("<html><body>x</body></html>");
    expect(parseAnswer("Sorry, I cannot do that.")).toBeNull();
    expect(parseAnswer('{"html": "<!DOCTYPE html><html><body>cut')).toBeNull();
    expect(parseAnswer('{"html": "no markup here"}')).toBeNull();
  });
});
