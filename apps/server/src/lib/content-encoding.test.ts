import { describe, expect, it } from "vitest";
import { encodedEtag, type Negotiated, negotiateEncoding, parseAcceptEncoding } from "./content-encoding.js";

// RFC 9110 §12.5.3 (Accept-Encoding) and §12.4.2 (q-values); decision 102.

describe("negotiateEncoding", () => {
  const cases: [header: string | undefined, expected: Negotiated, why: string][] = [
    // What browsers and tools send.
    ["gzip, deflate, br, zstd", "br", "Chrome"],
    ["gzip, deflate, br", "br", "Firefox, Safari"],
    ["gzip, deflate", "gzip", "older clients"],
    ["deflate", "identity", "nothing we have: the identity form"],
    [undefined, "identity", "no header: no compression assumed"],
    ["", "identity", "empty: the client wants no coding"],
    ["identity", "identity", "identity only"],
    // The case: a zero weight refuses.
    ["gzip;q=0", "identity", "gzip refused"],
    ["br;q=0, gzip", "gzip", "br refused, gzip accepted"],
    ["br;q=0, gzip;q=0", "identity", "both refused, identity still acceptable"],
    // Weights order the choice; brotli before gzip before identity on equal weights.
    ["br;q=0.5, gzip;q=0.8", "gzip", "higher weight wins"],
    ["gzip;q=1, br;q=0.999", "gzip", "three decimals"],
    ["gzip;q=0.5, br;q=0.5", "br", "equal weights: br first"],
    ["br;q=0.3", "br", "a named coding beats the unnamed identity"],
    ["br;q=0.3, identity", "identity", "identity named with a higher weight"],
    ["gzip;q=0.2, identity;q=0.1", "gzip", "identity named lower"],
    // The wildcard stands for everything not named, identity included.
    ["*", "br", "anything: our best"],
    ["gzip;q=0, *", "br", "gzip refused, the rest accepted"],
    ["br;q=0, gzip;q=0, *", "identity", "only identity left under *"],
    ["*;q=0", null, "everything refused, identity too: 406"],
    ["*;q=0, identity", "identity", "identity named despite *;q=0"],
    ["*;q=0, gzip;q=0.1", "gzip", "one coding named above *;q=0"],
    ["*;q=0.5, br;q=0.4", "gzip", "gzip under * outweighs br"],
    ["identity;q=0", null, "identity refused and nothing else named: 406"],
    ["identity;q=0, gzip", "gzip", "identity refused, gzip accepted"],
    ["identity;q=0, deflate", null, "only a coding we do not have: 406"],
    ["br;q=0, gzip;q=0, identity;q=0", null, "all three refused: 406"],
    // Case, whitespace and empty members.
    ["GZIP;Q=0.5, BR;Q=0", "gzip", "names and q in any case"],
    ["  gzip ;  q=0.5 ,\tbr ; q=0 ", "gzip", "whitespace around ; and ,"],
    [" , ,gzip,, ", "gzip", "empty list members"],
    ["x-gzip", "gzip", "x-gzip is gzip"],
    // Invalid weights and members are ignored, not read as 1 or 0.
    ["gzip;q=2", "identity", "above 1"],
    ["gzip;q=1.001", "identity", "above 1 by a little"],
    ["gzip;q=0.5555", "identity", "four decimals"],
    ["gzip;q=-1", "identity", "negative"],
    ["gzip;q=abc", "identity", "not a number"],
    ["gzip;q=", "identity", "empty weight"],
    ["gzip;q=.5", "identity", "no leading digit"],
    ["br;q=0;q=1, gzip", "gzip", "two weights"],
    ["br;level=9, gzip", "gzip", "a parameter other than q"],
    ["b r, gzip;q=0.1", "gzip", "a name that is not a token"],
    ["identity;q=zero, gzip;q=0", "identity", "an invalid refusal of identity refuses nothing"],
    // A coding named twice keeps its lowest weight.
    ["br;q=0, br, gzip;q=0.1", "gzip", "a refusal is not undone"],
  ];

  it.each(cases)("%j → %j (%s)", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
    // Asked again (answered from the per-value memo): the same.
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it("keeps answering right after many distinct values (the memo is bounded, not wrong)", () => {
    for (let i = 0; i < 1000; i++)
      expect(negotiateEncoding(`gzip;q=0.${i % 10}, x${i}`)).toBe(i % 10 ? "gzip" : "identity");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
  });
});

describe("parseAcceptEncoding", () => {
  it("reads names and weights, skipping invalid members", () => {
    expect(Object.fromEntries(parseAcceptEncoding("gzip;q=0.5, BR, deflate;q=x, *;q=0, identity;q=1.000"))).toEqual({
      gzip: 0.5,
      br: 1,
      "*": 0,
      identity: 1,
    });
  });
});

describe("encodedEtag", () => {
  it("gives each encoding its own tag, the identity form the page's own", () => {
    expect(encodedEtag('"abc"', "identity")).toBe('"abc"');
    expect(encodedEtag('"abc"', "br")).toBe('"abc-br"');
    expect(encodedEtag('"abc"', "gzip")).toBe('"abc-gz"');
    expect(encodedEtag('W/"abc"', "gzip")).toBe('W/"abc-gz"');
  });
});
