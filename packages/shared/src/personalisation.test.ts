import { describe, expect, it } from "vitest";
import { fillTokens, findTokens, PERSONALISATION_TOKENS, tokenText, unknownTokens } from "./personalisation.js";

describe("personalisation token grammar (decision 114)", () => {
  it("reads {{name}} and {{name|fallback}}", () => {
    expect(findTokens("Hi {{first_name|there}}, {{email}}").map((t) => [t.name, t.fallback])).toEqual([
      ["first_name", "there"],
      ["email", null],
    ]);
    expect(findTokens("{{first_name|dear reader}}")[0]?.fallback).toBe("dear reader");
  });

  it("does not read the platforms' own tags as ours", () => {
    const platformTags = [
      "*|FNAME|*",
      "*|UNSUB|*",
      "{{ first_name|default:'' }}",
      "{{first_name|default:''}}",
      "{% unsubscribe %}",
      "{{{unsubscribe}}}",
      "{{ contact.firstname }}",
      "{{ unsubscribe_link }}",
      "{{ contact.FIRSTNAME }}",
      "{{#if first_name}}x{{/if}}",
      "{{Sender_Address}}",
      '{{ contact.firstname|default("there") }}',
    ];
    for (const tag of platformTags) expect(findTokens(tag), tag).toEqual([]);
  });

  it("names unknown tokens once, in order", () => {
    expect(unknownTokens("{{coupon}} {{first_name}} {{coupon}} {{order_id|none}}")).toEqual(["coupon", "order_id"]);
  });

  it("fills the preview with sample data, the fallback for an empty value, and escapes values", () => {
    expect(fillTokens("Hi {{first_name|there}}")).toBe("Hi Ada");
    expect(fillTokens("Hi {{first_name|there}}", { first_name: "" })).toBe("Hi there");
    expect(fillTokens("{{company}}", { company: 'A & B <"x">' })).toBe("A &amp; B &lt;&quot;x&quot;&gt;");
    expect(fillTokens("{{coupon}}")).toBe("{{coupon}}");
  });

  it("every known token round-trips through tokenText", () => {
    for (const t of PERSONALISATION_TOKENS) {
      expect(findTokens(tokenText(t.name))[0]?.name).toBe(t.name);
      expect(findTokens(tokenText(t.name, "x y"))[0]?.fallback).toBe("x y");
    }
  });
});
