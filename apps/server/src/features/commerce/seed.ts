import type { AppContext } from "../../context.js";
import { items, packages } from "../../db/schema/index.js";

/** Demo data: three packages and two premium items with local images (runs once per database). */
export async function seedCommerce(ctx: AppContext) {
  await ctx.db.insert(packages).values([
    {
      packageName: "Starter",
      price: 9,
      credit: 20,
      validity: 30,
      points: ["20 template generations", "All email types", "Live preview and HTML download", "Email support"],
      createdAt: new Date(Date.now() - 3000),
    },
    {
      packageName: "Professional",
      price: 29,
      credit: 80,
      validity: 90,
      points: [
        "80 template generations",
        "All email types",
        "Priority generation queue",
        "Premium membership",
        "Priority support",
      ],
      createdAt: new Date(Date.now() - 2000),
    },
    {
      packageName: "Agency",
      price: 79,
      credit: 250,
      validity: 365,
      points: [
        "250 template generations",
        "All email types",
        "Premium membership for a year",
        "Team-friendly volume",
        "Dedicated support",
      ],
      createdAt: new Date(Date.now() - 1000),
    },
  ]);
  await ctx.db.insert(items).values([
    {
      itemId: "TPL-NEWSLETTER",
      itemName: "Modern Newsletter Template Pack",
      slug: "modern-newsletter-template-pack",
      price: 12,
      description:
        "Five responsive newsletter layouts with header, article cards and footer, tested in the major mail clients.",
      guidelines:
        "Open the template, save it as HTML, replace the placeholder texts and images, then paste the HTML into your email tool.",
      accessUrl: "/demo/items/modern-newsletter-pack.html",
      imageUrl: "/demo/items/newsletter.svg",
      validity: 365,
      // Newest first in the list: distinct times keep the seed's order (one statement shares now()).
      createdAt: new Date(Date.now() - 1000),
    },
    {
      itemId: "TPL-BLACKFRIDAY",
      itemName: "Black Friday Promotional Email Kit",
      slug: "black-friday-promotional-email-kit",
      price: 19,
      description: "A bold promotional kit: countdown hero, product grid, coupon block and matching reminder email.",
      guidelines:
        "Set your coupon code in the marked block; keep images under 1 MB each; send a test to yourself before the campaign.",
      accessUrl: "/demo/items/black-friday-kit.html",
      imageUrl: "/demo/items/black-friday.svg",
      validity: 365,
      createdAt: new Date(Date.now() - 2000),
    },
  ]);
}
