import { expect, test } from "@playwright/test";
import { type OpenAiStandIn, startOpenAiStandIn } from "../../apps/server/stand-ins/openai-compatible";
import { lanePort, OPENAI_STAND_IN_PORT_OFFSET } from "../fixtures/constants";
import { signInAdmin } from "../fixtures/helpers";

/**
 * Decision 115: the admin adds an OpenAI-compatible key in Settings → AI keys (provider, base URL, model); the server
 * tests it with GET {base}/models against the OpenAI-compatible stand-in this spec runs.
 */
let standIn: OpenAiStandIn;
test.beforeAll(async () => {
  // On the port the servers allow (OPENAI_COMPATIBLE_ALLOWED_ORIGINS).
  standIn = await startOpenAiStandIn({ port: lanePort(0) + OPENAI_STAND_IN_PORT_OFFSET });
});
test.afterAll(async () => {
  await standIn?.close();
});

test("admin adds an OpenAI-compatible key: provider, base URL and model; tested, listed, then edited", async ({
  page,
}) => {
  await signInAdmin(page);
  await page.goto("/admin/settings?tab=gemini-keys");
  await page.getByLabel("Name", { exact: true }).fill("Local vLLM");
  await page.getByLabel("API Key", { exact: true }).fill("sk-e2e-openai-compatible-1234");
  await page.getByLabel("Provider").selectOption("openai");
  await page.getByRole("button", { name: "Add Key" }).click();
  await expect(page.getByText(/needs its base URL/).first()).toBeVisible();
  await page.getByLabel("Base URL").fill(standIn.url);
  await page.getByRole("textbox", { name: "Model" }).fill("gpt-4o");
  await page.getByRole("button", { name: "Add Key" }).click();
  await expect(page.getByText("API key added and tested: The server lists 3 models for it.")).toBeVisible();
  const row = page.getByRole("row", { name: /Local vLLM/ });
  await expect(row.getByText(`sk-e2e-o…1234 · gpt-4o · ${standIn.url}`)).toBeVisible();
  await expect(row.getByText("OK", { exact: true })).toBeVisible();
  // The model panel names the key's own model (no Gemini ranking for it).
  await expect(page.getByText("Local vLLM: gpt-4o", { exact: true })).toBeVisible();
  // The whole key never reached the page.
  expect(await page.content()).not.toContain("sk-e2e-openai-compatible-1234");

  // The edit form shows the key's provider, base URL and model; a new model is tested again.
  await page.getByRole("button", { name: "Actions for Local vLLM" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const form = page.getByRole("form", { name: "Edit API key" });
  await expect(form.getByLabel("Provider")).toHaveValue("openai");
  await expect(form.getByLabel("Base URL")).toHaveValue(standIn.url);
  await expect(form.getByRole("textbox", { name: "Model" })).toHaveValue("gpt-4o");
  await form.getByRole("textbox", { name: "Model" }).fill("llama3.2-vision");
  await form.getByRole("button", { name: "Update Key" }).click();
  await expect(page.getByText("API key updated and tested: The server lists 3 models for it.")).toBeVisible();
  await expect(row.getByText(`sk-e2e-o…1234 · llama3.2-vision · ${standIn.url}`)).toBeVisible();
  await expect(page.getByText("Local vLLM: llama3.2-vision", { exact: true })).toBeVisible();

  // And it may become a Gemini key (base URL and model go; Google tests it).
  await page.getByRole("button", { name: "Actions for Local vLLM" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await form.getByLabel("Provider").selectOption("gemini");
  await expect(form.getByLabel("Base URL")).toHaveCount(0);
  await form.getByRole("button", { name: "Update Key" }).click();
  // The first edit's message may still show: wait for this edit's own.
  await expect(page.getByText(/^API key updated and tested: Google lists \d+ models/)).toBeVisible();
  await expect(row.getByText("sk-e2e-o…1234", { exact: true })).toBeVisible();
});
