import { useDocumentTitle } from "@/lib/use-document-title";
import { ContactSection } from "../components/landing/contact-section";

/** /contact: the contact-page content, its entries, the form and the image. */
export function ContactPage() {
  useDocumentTitle("Contact Us - Mailsmith");
  return (
    <div>
      <ContactSection headingLevel={1} />
    </div>
  );
}
