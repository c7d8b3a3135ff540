import { EMAIL_CHECK_LIMITS, EMAIL_CHECK_MESSAGES, EMAIL_CHECK_UI_TEXTS } from "@mailsmith/shared";
import { toast } from "sonner";
import { CodeOutput } from "@/components/email/code-output";
import { Button } from "@/components/ui/button";
import { downloadText } from "@/lib/download";

const copy = async (content: string) => {
  try {
    await navigator.clipboard.writeText(content);
    toast.success(EMAIL_CHECK_MESSAGES.copied);
  } catch {
    toast.error(EMAIL_CHECK_MESSAGES.copyFailed);
  }
};

/** The processed HTML and the plain text, each with Copy and Download. */
export function OutputPanel({ html, text }: { html: string; text: string }) {
  return (
    <CodeOutput
      label={EMAIL_CHECK_UI_TEXTS.outputPanel.processedEmail}
      className="min-w-0"
      title={(view) => (view === "html" ? EMAIL_CHECK_MESSAGES.processedTitle : EMAIL_CHECK_MESSAGES.textTitle)}
      switchLabel={EMAIL_CHECK_UI_TEXTS.outputPanel.outputFormat}
      html={html}
      text={text}
      codeTestId="check-output"
      wrap
      actions={(view, content) => {
        const file = view === "html" ? EMAIL_CHECK_LIMITS.htmlFileName : EMAIL_CHECK_LIMITS.textFileName;
        const kind = view === "html" ? "HTML" : "text";
        return (
          <>
            <Button variant="secondary" onClick={() => void copy(content)}>
              {EMAIL_CHECK_MESSAGES.copy} {kind}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                downloadText(file, content, view === "html" ? "text/html" : "text/plain");
                toast.success(EMAIL_CHECK_MESSAGES.downloaded(file));
              }}
            >
              {EMAIL_CHECK_MESSAGES.download} {kind}
            </Button>
          </>
        );
      }}
    />
  );
}
