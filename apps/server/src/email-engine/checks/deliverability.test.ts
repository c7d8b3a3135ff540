import { describe, expect, it } from "vitest";
import { deliverabilityChecks, registrableDomain } from "./deliverability.js";

const byId = (html: string, sender = "news@shop.example.com") =>
  Object.fromEntries(deliverabilityChecks(html, sender).map((c) => [c.id, c]));

const TEXT = "<p>We planted forty new apple trees along the east path this month, and the greenhouse roof is done.</p>";

describe("deliverability checks", () => {
  it("finds URL shorteners and links to other domains than the sender's", () => {
    const c = byId(
      `<body>${TEXT}<a href="https://bit.ly/abc">a</a><a href="https://www.example.com/x">b</a><a href="https://other.org/">c</a></body>`,
    );
    expect(c["deliverability.shorteners"]).toMatchObject({ status: "warn", items: ["bit.ly"] });
    expect(c["deliverability.link-domains"]).toMatchObject({ status: "warn", items: ["other.org"] });
    expect(registrableDomain("a.b.shop.co.uk")).toBe("shop.co.uk");
  });

  it("warns about a free mailbox sender", () => {
    expect(byId(`<body>${TEXT}</body>`, "ann@gmail.com")["deliverability.link-domains"]?.status).toBe("warn");
  });

  it("warns when pictures outweigh the text, not for a text email with a logo", () => {
    const heavy = byId('<body><img src="https://x.example.com/a.png" width="600" height="900"><p>Sale</p></body>');
    expect(heavy["deliverability.image-text"]?.status).toBe("warn");
    const logo = byId(`<body><img src="https://x.example.com/logo.png" width="120" height="40">${TEXT}${TEXT}</body>`);
    expect(logo["deliverability.image-text"]?.status).toBe("pass");
  });

  it("asks a marketing email for an unsubscribe link and a postal address, not a receipt", () => {
    const promo = byId(`<body>${TEXT}<p>Spring sale: 20% off everything.</p></body>`);
    expect(promo["deliverability.unsubscribe"]?.status).toBe("fail");
    expect(promo["deliverability.address"]?.status).toBe("warn");
    const receipt = byId(`<body>${TEXT}<p>Your order 1234 has shipped.</p></body>`);
    expect(receipt["deliverability.unsubscribe"]?.status).toBe("pass");
    const complete = byId(
      `<body>${TEXT}<p>Sale: 20% off.</p><p>Shop Ltd, 5 High Street, London SW1A 1AA</p><a href="*|UNSUB|*">Unsubscribe</a></body>`,
    );
    expect(complete["deliverability.unsubscribe"]?.status).toBe("pass");
    expect(complete["deliverability.address"]?.status).toBe("pass");
  });
});
