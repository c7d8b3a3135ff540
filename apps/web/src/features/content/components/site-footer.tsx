import { CONTENT_PUBLIC_UI_TEXTS, CONTENT_TEXTS, type TFooter } from "@mailsmith/shared";
import { useState } from "react";
import { useFooter } from "../api/footer";
import { ContentIcon } from "./content-icon";
import { SmartLink } from "./smart-link";

const platformLabel = (platform: string) =>
  platform === "x" ? "X (Twitter)" : platform.charAt(0).toUpperCase() + platform.slice(1);

function FooterLogo({ footer }: { footer: TFooter }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = footer.middleSection.logoUrl;
  const name = footer.topSection.logoText || "Mailsmith";
  if (url && failed === url)
    return <span className="text-sm font-semibold text-red-700">{CONTENT_TEXTS.logo.imageError}</span>;
  if (url)
    return <img src={url} alt={name} width={160} height={40} className="h-10 w-auto" onError={() => setFailed(url)} />;
  return <span className="text-xl font-bold text-slate-900">{name}</span>;
}

export function FooterView({ footer }: { footer: TFooter }) {
  const social = footer.topSection.socialLinks.filter((s) => s.isActive);
  const links = footer.middleSection.quickLinks.filter((l) => l.isActive);
  const { email, phone, address } = footer.middleSection.contactInfo;
  const hasContact = Boolean(email || phone || address);
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
          <div>
            <FooterLogo footer={footer} />
            {footer.middleSection.description && (
              <p className="mt-4 max-w-sm text-sm leading-6 text-slate-600">{footer.middleSection.description}</p>
            )}
            {social.length > 0 && (
              <ul className="mt-6 flex flex-wrap gap-2" aria-label={CONTENT_PUBLIC_UI_TEXTS.siteFooter.socialMedia}>
                {social.map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: links have no id
                  <li key={i}>
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={platformLabel(s.platform)}
                      className="flex h-10 w-10 items-center justify-center rounded-full border border-slate-200 text-slate-600 hover:border-brand-200 hover:bg-brand-50 hover:text-brand-700"
                    >
                      <ContentIcon name={s.platform} className="h-5 w-5" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {links.length > 0 && (
            <nav aria-labelledby="footer-quick-links">
              <h2 id="footer-quick-links" className="text-sm font-semibold text-slate-900">
                {CONTENT_TEXTS.footer.quickLinks}
              </h2>
              <ul className="mt-4 space-y-1">
                {links.map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: links have no id
                  <li key={i}>
                    <SmartLink href={l.url} className="inline-block py-1 text-sm text-slate-600 hover:text-brand-700">
                      {l.text}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {hasContact && (
            <div>
              <h2 className="text-sm font-semibold text-slate-900">{CONTENT_TEXTS.footer.ourContact}</h2>
              <ul className="mt-4 space-y-3 text-sm text-slate-600">
                {email && (
                  <li className="flex items-start gap-2">
                    <ContentIcon name="mail" className="mt-0.5 h-4 w-4 text-brand-700" />
                    <a href={`mailto:${email}`} className="break-all hover:text-brand-700">
                      {email}
                    </a>
                  </li>
                )}
                {phone && (
                  <li className="flex items-start gap-2">
                    <ContentIcon name="phone-call" className="mt-0.5 h-4 w-4 text-brand-700" />
                    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="hover:text-brand-700">
                      {phone}
                    </a>
                  </li>
                )}
                {address && (
                  <li className="flex items-start gap-2">
                    <ContentIcon name="map-pin" className="mt-0.5 h-4 w-4 text-brand-700" />
                    <span>{address}</span>
                  </li>
                )}
              </ul>
            </div>
          )}
        </div>
        {footer.bottomSection.copyrightText && (
          <p className="mt-10 border-t border-slate-200 pt-6 text-center text-sm text-slate-600">
            {footer.bottomSection.copyrightText}
          </p>
        )}
      </div>
    </footer>
  );
}

/** The admin-managed footer on every public page, shown only when active (spec). */
export function SiteFooter() {
  const footer = useFooter();
  if (footer.isPending) {
    return (
      <p className="py-6 text-center text-sm text-slate-600" role="status">
        {CONTENT_TEXTS.footer.loading}
      </p>
    );
  }
  if (footer.isError) {
    return (
      <p className="py-6 text-center text-sm text-red-700" role="alert">
        {CONTENT_TEXTS.footer.error(footer.error.message)}
      </p>
    );
  }
  if (!footer.data?.isActive) return null;
  return <FooterView footer={footer.data} />;
}
