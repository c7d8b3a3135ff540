import { EDITOR_TEXTS, FETCH_MESSAGES } from "@mailsmith/shared";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Editor, EditorFrame, type EditorQuery } from "./editor-frame";

type Values = { title: string };
const ok: EditorQuery = { isPending: false, isError: false, isSuccess: true, error: null };

/** The frame only reads the editor's state and the form's current values. */
function editor(over: Partial<Editor<Values>> = {}): Editor<Values> {
  const noop = async () => {};
  return {
    form: { watch: () => ({ title: "Draft title" }) } as unknown as Editor<Values>["form"],
    query: ok,
    dirty: false,
    saving: false,
    resetting: false,
    onSave: noop,
    onDiscard: noop,
    confirm: async () => true,
    notify: () => {},
    act: async () => true,
    dialogs: null,
    ...over,
  };
}

const frame = (e: Editor<Values>, extra: { empty?: string } = {}) =>
  renderToStaticMarkup(
    <EditorFrame
      editor={e}
      title="Hero"
      loadErrorTitle="Error Loading Hero Data"
      preview={(v) => <h2>{v.title}</h2>}
      empty={extra.empty}
    >
      <input aria-label="Title" />
    </EditorFrame>,
  );

describe("EditorFrame", () => {
  it("shows a spinner, not the form, while the stored value loads", () => {
    const html = frame(editor({ query: { ...ok, isPending: true, isSuccess: false } }));
    expect(html).toContain("Hero");
    expect(html).not.toContain("<form");
  });
  it("shows the load error with its message and Retry", () => {
    const html = frame(
      editor({ query: { ...ok, isError: true, isSuccess: false, error: new Error(FETCH_MESSAGES.httpError(500)) } }),
    );
    expect(html).toContain("Error Loading Hero Data");
    expect(html).toContain(FETCH_MESSAGES.httpError(500));
    expect(html).toContain("Retry");
    expect(html).not.toContain("<form");
  });
  it("draws the live preview from the form's values, inert", () => {
    const html = frame(editor());
    expect(html).toContain(EDITOR_TEXTS.preview);
    expect(html).toMatch(/<div[^>]*inert[^>]*><h2>Draft title<\/h2>/);
  });
  it("says Unsaved changes and offers Discard only while the form differs from the stored value", () => {
    const clean = frame(editor());
    expect(clean).not.toContain(EDITOR_TEXTS.unsaved);
    expect(clean).not.toContain(EDITOR_TEXTS.discard);
    const dirty = frame(editor({ dirty: true }));
    expect(dirty).toContain(EDITOR_TEXTS.unsaved);
    expect(dirty).toContain(EDITOR_TEXTS.discard);
  });
  it("shows Reset to Default only when the panel has one, and Saving... while saving", () => {
    expect(frame(editor())).not.toContain(EDITOR_TEXTS.resetToDefault);
    expect(frame(editor({ onResetToDefault: async () => {} }))).toContain(EDITOR_TEXTS.resetToDefault);
    expect(frame(editor({ saving: true }))).toContain(EDITOR_TEXTS.saving);
  });
  it("shows the empty state instead of the form when nothing is stored", () => {
    const html = frame(editor(), { empty: "No footer data available" });
    expect(html).toContain("No footer data available");
    expect(html).not.toContain("<form");
  });
});
