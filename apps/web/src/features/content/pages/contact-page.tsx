import { CONTENT_PUBLIC_UI_TEXTS } from "@mailsmith/shared";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ContactSection } from "../components/landing/contact-section";

/** /contact: the contact-page content, its entries, the form and the image. */
export function ContactPage() {
  useDocumentTitle(CONTENT_PUBLIC_UI_TEXTS.contactPage.contactUsMailsmith);
  return (
    <div>
      <ContactSection headingLevel={1} />
    </div>
  );
}
