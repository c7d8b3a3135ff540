// `npm run email:check -- file.html [--json] [--no-render] [--fix] [--out processed.html]`: the Check my email report
// from a clone, without a server or a database. --fix applies the one-click accessibility fixes (POST /api/email-fix,
// decision 108), lists each change and reports on the fixed email; --out then writes the fixed HTML. Same engine (processEmail as an "existing" email) and the same rendered
// checks (renderReport) as POST /api/email-check; when the browser cannot start the report says so.
// Exit code: 0 passed, 1 not passed, 2 the input could not be checked.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import type { TEmailCheck, TEmailFixChange, TEmailReport } from "@mailsmith/shared";
import { createRenderer } from "../adapters/renderer/renderer.js";
import { type Env, loadEnv } from "../env.js";
import { AppError } from "../lib/app-error.js";
import { readHtmlInput } from "./existing-html.js";
import { processEmail } from "./process-email.js";
import { renderReport, withRenderOutcome } from "./render-report.js";

const USAGE = "Usage: npm run email:check -- <file.html> [--json] [--no-render] [--fix] [--out processed.html]";

const MARK = { pass: "✔ PASS", warn: "! WARN", fail: "✘ FAIL" } as const;

export interface CliResult {
  file: string;
  subject: string;
  text: string;
  html: string;
  report: TEmailReport;
  /** With --fix: what the fixes changed (applied) and suggested. */
  fixes?: TEmailFixChange[];
}

/** The report as a person reads it in a terminal. */
export function formatReport(result: CliResult): string {
  const { report } = result;
  const count = (s: TEmailCheck["status"]) => report.checks.filter((c) => c.status === s).length;
  const lines = [
    `Email check: ${result.file} (${(report.sizeBytes / 1024).toFixed(1)} KB)${result.subject ? ` — “${result.subject}”` : ""}`,
    `Result: ${report.passed ? "PASSED" : "NOT PASSED"} (${count("pass")} passed, ${count("warn")} warnings, ${count("fail")} failed)`,
    "",
  ];
  // Failures first, then warnings, then passes: what needs doing is on top.
  const order = { fail: 0, warn: 1, pass: 2 } as const;
  for (const c of [...report.checks].sort((a, b) => order[a.status] - order[b.status])) {
    lines.push(`  ${MARK[c.status]}  ${c.title}: ${c.reason}`);
    if (c.fix && c.status !== "pass") lines.push(`          Fix: ${c.fix}`);
    for (const item of c.items ?? []) lines.push(`          - ${item}`);
  }
  lines.push("");
  const r = report.render;
  if (r?.available) {
    lines.push(
      `Rendered: ${r.widthPx} px wide, ${r.heightPx} px tall; ${r.mobileOverflowPx ?? 0} px sideways overflow on a 375 px phone.`,
    );
  } else {
    lines.push(r?.reason ?? "Not rendered.");
  }
  if (result.fixes?.length) {
    lines.push("", "Accessibility fixes:");
    for (const f of result.fixes)
      lines.push(`  ${f.applied ? "-" : "? suggestion:"} ${f.reason}`, `      ${f.before} → ${f.after}`);
  }
  if (report.changes.length) {
    lines.push("", "Changes made by processing:");
    for (const c of report.changes) lines.push(`  - ${c}`);
  }
  return lines.join("\n");
}

/** Checks one file; `render: false` skips the browser. */
export async function checkFile(file: string, opts: { render: boolean; env: Env; fix?: boolean }): Promise<CliResult> {
  const html = await readHtmlInput(await readFile(file));
  const processed = processEmail({ html, source: "existing", ...(opts.fix ? { fixes: ["accessibility"] } : {}) });
  let report = processed.report;
  if (opts.render) {
    const renderer = createRenderer({ env: opts.env, log: { info() {}, warn() {}, error() {} } });
    try {
      report = withRenderOutcome(report, await renderReport(renderer, processed.html));
    } finally {
      await renderer.close();
    }
  } else {
    report = withRenderOutcome(report, {
      render: { available: false, reason: "Not rendered (--no-render)." },
      checks: [],
    });
  }
  return {
    file,
    subject: processed.subject,
    text: processed.text,
    html: processed.html,
    report,
    ...(opts.fix ? { fixes: processed.fixes } : {}),
  };
}

export async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  const parse = (a: string[]) =>
    parseArgs({
      args: a,
      allowPositionals: true,
      options: {
        json: { type: "boolean", default: false },
        "no-render": { type: "boolean", default: false },
        fix: { type: "boolean", default: false },
        out: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  try {
    args = parse(argv);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const [input] = args.positionals;
  if (args.values.help || !input || args.positionals.length > 1) {
    (args.values.help ? console.log : console.error)(USAGE);
    return args.values.help ? 0 : 2;
  }
  // The settings (the renderer's, npm's INIT_CWD) come from env.ts, like the server's: read and checked once.
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  // npm runs scripts from the repository root; a relative path means the folder the command was typed in.
  const base = env.INIT_CWD ?? process.cwd();
  const file = path.resolve(base, input);
  let result: CliResult;
  try {
    result = await checkFile(file, { render: !args.values["no-render"], env, fix: args.values.fix });
  } catch (err) {
    const message =
      err instanceof AppError
        ? err.message
        : (err as NodeJS.ErrnoException).code === "ENOENT"
          ? `No such file: ${file}`
          : (err as Error).message;
    if (args.values.json) console.log(JSON.stringify({ file, error: message }, null, 2));
    else console.error(`Cannot check ${input}: ${message}`);
    return 2;
  }
  if (args.values.out) await writeFile(path.resolve(base, args.values.out), result.html);
  const shown = { ...result, file: input };
  if (args.values.json) {
    console.log(
      JSON.stringify(
        {
          file: input,
          subject: result.subject,
          text: result.text,
          ...(result.fixes ? { changes: result.fixes } : {}),
          report: result.report,
        },
        null,
        2,
      ),
    );
  } else {
    console.log(formatReport(shown));
  }
  return result.report.passed ? 0 : 1;
}

// Run when started as a program (not when imported by a test).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      console.error(err);
      process.exitCode = 2;
    },
  );
}
