import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The hold-out set (decision 142): real email templates the design reader was never tuned on, copied unchanged with
 * their licence from public GitHub repositories into `<owner>+<repo>/<path>` beside this file. The shape of the
 * corpus loader's answer (`{ id, html, meta }`), so the benchmark treats both alike. Sources and licences: README.md.
 */
export interface HoldoutMeta {
  id: string;
  /** `owner/name` on GitHub. */
  repo: string;
  commit: string;
  path: string;
  licence: string;
  kind: string[];
  why: string;
  /**
   * Set when the reader was tuned on a fault this template showed (decision 142's rule): why, and when. Such a
   * template is no longer unseen: the benchmark leaves it out of the hold-out unless BENCH_HOLDOUT_SEEN=1.
   */
  seen?: string;
  /** Set on a template added after the first measurement (in place of spent ones): when, and why. */
  added?: string;
  /**
   * The template's own picture, as its authors published it (`<path>` in the same repository): a real mock-up, with
   * its photographs and web fonts. When set, it is the design the reader gets; the template's HTML still gives the
   * words a person sees in it.
   */
  picture?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A set of vendored templates laid out as this one is (manifest.json + `<owner>+<repo>/<path>`): the hold-out set
 * (this folder) or the development set (../dev, decision 146). Templates marked `seen` are left out unless
 * BENCH_HOLDOUT_SEEN=1.
 */
export function loadTemplateSet(folder: string): { id: string; html: string; meta: HoldoutMeta; picture?: Buffer }[] {
  const { templates } = JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8")) as {
    templates: HoldoutMeta[];
  };
  const keepSeen = process.env.BENCH_HOLDOUT_SEEN === "1";
  return templates
    .filter((meta) => keepSeen || !meta.seen)
    .map((meta) => {
      const repo = path.join(folder, meta.repo.replace("/", "+"));
      return {
        id: meta.id,
        html: readFileSync(path.join(repo, meta.path), "utf8"),
        meta,
        ...(meta.picture ? { picture: readFileSync(path.join(repo, meta.picture)) } : {}),
      };
    });
}

/** The hold-out set. */
export const loadHoldout = () => loadTemplateSet(here);
