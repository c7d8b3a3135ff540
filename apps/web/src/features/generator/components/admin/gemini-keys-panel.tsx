/** Placeholder: built by the issue that owns this feature. */
export function GeminiKeysPanel() {
  return <p className="text-sm text-slate-600">Gemini API Keys Management is being built.</p>;
}
