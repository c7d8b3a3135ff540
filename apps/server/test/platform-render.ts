import { createRequire } from "node:module";
import { type ExportPlatform, SAMPLE_TOKEN_VALUES } from "@mailsmith/shared";
import Handlebars from "handlebars";
import { Liquid } from "liquidjs";

/**
 * Renders an export the way its platform would, with an engine of the platform's template family (decision 114):
 * SendGrid → handlebars, Klaviyo and Brevo → liquidjs (Django-style filters), HubSpot (HubL, Jinja-based) → nunjucks.
 * Mailchimp's merge language has no maintained JavaScript engine: a small renderer of the documented `*|TAG|*` and
 * `*|IF:TAG|*…*|ELSE:|*…*|END:IF|*` forms stands in. `values` are our neutral tokens' values; a value left out is a
 * contact without that property.
 */
interface NunjucksEnvironment {
  renderString(src: string, ctx: object): string;
}
/** nunjucks ships no types (and @types/nunjucks is not installed): the one call we make, typed here. */
const nunjucks = createRequire(import.meta.url)("nunjucks") as {
  Environment: new (loader: null, opts: { autoescape: boolean; throwOnUndefined: boolean }) => NunjucksEnvironment;
};

export type Values = Partial<Record<string, string>>;

const ADDRESS_PARTS = {
  name: "Mailsmith Ltd",
  street: "1 Example Street",
  city: "London",
  state: "LDN",
  zip: "N1 9GU",
};
/** The sample address, as the platforms that store it in parts print it. */
export const SAMPLE_ADDRESS = `${ADDRESS_PARTS.name}, ${ADDRESS_PARTS.street}, ${ADDRESS_PARTS.city}, ${ADDRESS_PARTS.state} ${ADDRESS_PARTS.zip}`;

export const sampleValues = (): Values => ({ ...SAMPLE_TOKEN_VALUES });

function mailchimp(html: string, v: Values): string {
  const fields: Record<string, string | undefined> = {
    FNAME: v.first_name,
    LNAME: v.last_name,
    EMAIL: v.email,
    COMPANY: v.company,
    UNSUB: v.unsubscribe_url,
    ARCHIVE: v.view_in_browser_url,
    "LIST:ADDRESSLINE": v.company_address,
  };
  const ifs = html.replace(
    /\*\|IF:([A-Z_:]+)\|\*([\s\S]*?)\*\|ELSE:\|\*([\s\S]*?)\*\|END:IF\|\*/g,
    (_m, f: string, yes: string, no: string) => (fields[f] ? yes : no),
  );
  return ifs.replace(/\*\|([A-Z_:]+)\|\*/g, (_m, f: string) => fields[f] ?? "");
}

export async function renderWithEngine(platform: ExportPlatform, html: string, v: Values): Promise<string> {
  if (platform === "mailchimp") return mailchimp(html, v);
  if (platform === "sendgrid") {
    const hb = Handlebars.create();
    return hb.compile(html, { strict: false })({
      ...v,
      unsubscribe: v.unsubscribe_url,
      Sender_Name: ADDRESS_PARTS.name,
      Sender_Address: ADDRESS_PARTS.street,
      Sender_City: ADDRESS_PARTS.city,
      Sender_State: ADDRESS_PARTS.state,
      Sender_Zip: ADDRESS_PARTS.zip,
    });
  }
  if (platform === "hubspot") {
    // HubL runs on Jinjava, whose autoescape is off unless a template turns it on: nunjucks set the same way.
    const env = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });
    return env.renderString(html, {
      contact: { firstname: v.first_name, lastname: v.last_name, email: v.email, company: v.company },
      unsubscribe_link: v.unsubscribe_url,
      view_as_page_url: v.view_in_browser_url,
      site_settings: {
        company_name: ADDRESS_PARTS.name,
        company_street_address_1: ADDRESS_PARTS.street,
        company_city: ADDRESS_PARTS.city,
        company_state: ADDRESS_PARTS.state,
        company_zip: ADDRESS_PARTS.zip,
      },
    });
  }
  const liquid = new Liquid({ strictFilters: true });
  const urlTag = (url: string | undefined) => ({
    parse() {},
    render: () => url ?? "",
  });
  liquid.registerTag("unsubscribe_link", urlTag(v.unsubscribe_url));
  liquid.registerTag("web_view_link", urlTag(v.view_in_browser_url));
  if (platform === "klaviyo")
    return liquid.parseAndRender(html, {
      first_name: v.first_name,
      last_name: v.last_name,
      email: v.email,
      person: { organization: v.company },
      organization: { full_address: v.company_address },
    });
  if (platform === "brevo")
    return liquid.parseAndRender(html, {
      contact: { FIRSTNAME: v.first_name, LASTNAME: v.last_name, EMAIL: v.email, COMPANY: v.company },
      unsubscribe: v.unsubscribe_url,
      mirror: v.view_in_browser_url,
    });
  return html;
}

/** Any platform tag or our token still in rendered HTML. */
export const LEFTOVER_TAG = /\{\{|\{%|%\}|\*\|[A-Z]/;
