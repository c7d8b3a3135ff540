import { GENERATOR_FILES, GENERATOR_MESSAGES, GENERATOR_UI, type TTemplate } from "@mailsmith/shared";
import { useState } from "react";
import { toast } from "sonner";
import { CodeOutput } from "@/components/email/code-output";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { downloadText } from "@/lib/download";
import { useSendTest } from "../api/templates";
import { useNotice } from "../hooks/use-notice";

/** A file the server builds (MJML source, zip of HTML + images): a plain link, so the browser downloads it. */
export function exportHref(id: string, format: "html" | "text" | "mjml" | "zip") {
  return `/api/templates/${id}/export?format=${format}`;
}

/**
 * Generated Code block with Copy HTML, Download HTML (email_template.html), the plain-text version, the MJML source
 * when the template has one, a zip of the HTML with its images (for members who host images themselves) and a
 * test send.
 */
export function CodePanel({ template }: { template: TTemplate & { hasMjml?: boolean } }) {
  const { notice, show } = useNotice();
  const [failure, setFailure] = useState<string | null>(null);
  const sendTest = useSendTest();

  const copy = async (type: "HTML" | "Text", content: string) => {
    setFailure(null);
    try {
      await navigator.clipboard.writeText(content);
      show(GENERATOR_MESSAGES.copied(type));
    } catch {
      setFailure(GENERATOR_MESSAGES.copyFailed);
    }
  };
  const save = (file: string, content: string, type: string) => {
    downloadText(file, content, type);
    show(GENERATOR_MESSAGES.downloaded(file));
  };

  return (
    <CodeOutput
      label={GENERATOR_UI.generatedCode}
      title={GENERATOR_UI.generatedCode}
      switchLabel={GENERATOR_UI.codeFormat}
      html={template.html}
      text={template.text}
      codeTestId="generated-code"
      footer={
        (notice || failure) && (
          <div className="px-3 pb-3">
            {notice && <Alert tone="success">{notice}</Alert>}
            {failure && <Alert>{failure}</Alert>}
          </div>
        )
      }
      actions={() => (
        <>
          <Button onClick={() => copy("HTML", template.html)}>{GENERATOR_UI.copyHtml}</Button>
          <Button variant="secondary" onClick={() => save(GENERATOR_FILES.html, template.html, "text/html")}>
            {GENERATOR_UI.downloadHtml}
          </Button>
          <Button variant="secondary" onClick={() => copy("Text", template.text)}>
            {GENERATOR_UI.copyText}
          </Button>
          <Button variant="secondary" onClick={() => save(GENERATOR_FILES.text, template.text, "text/plain")}>
            {GENERATOR_UI.downloadText}
          </Button>
          {template.hasMjml && (
            <a href={exportHref(template._id, "mjml")} download className={buttonClasses("secondary")}>
              {GENERATOR_UI.downloadMjml}
            </a>
          )}
          <a
            href={exportHref(template._id, "zip")}
            download
            title={GENERATOR_UI.downloadZipHint}
            className={buttonClasses("secondary")}
          >
            {GENERATOR_UI.downloadZip}
          </a>
          <Button
            variant="ghost"
            loading={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(template._id, {
                onSuccess: (r) => toast.success(r.message),
                onError: (err) => toast.error(errorMessage(err, GENERATOR_MESSAGES.testFailed)),
              })
            }
          >
            {GENERATOR_UI.sendTest}
          </Button>
        </>
      )}
    />
  );
}
