import { expect, test } from "@playwright/test";
import { signUpMember } from "../fixtures/helpers";

/**
 * Decision 104 in the browser: deleting a saved template says so with the spec's text and offers Undo; while deleted
 * its thumbnail is not served; Undo brings the card back and the thumbnail is served again.
 */

const LONG = { timeout: 60_000 };

test("delete a template, its picture stops being served; Undo brings both back", async ({ page, baseURL }) => {
  await signUpMember(page);
  const imported = await page.request.post("/api/templates/import", {
    data: { html: "<html><body><h1>Undo me please</h1><p>A short email to delete and bring back.</p></body></html>" },
    headers: { origin: baseURL! },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const id: string = (await imported.json()).data._id;
  const thumbnail = (await (await page.request.get("/api/templates")).json()).data.find(
    (t: { _id: string }) => t._id === id,
  )?.thumbnailUrl as string | null;
  // The renderer made a thumbnail for the list.
  expect(thumbnail).toBeTruthy();
  const status = async () => (await page.request.get(new URL(thumbnail!, baseURL).href)).status();
  expect(await status()).toBe(200);

  await page.goto("/user/templates");
  await page.getByRole("button", { name: "Delete Undo me please" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete template" });
  await expect(dialog.getByText("Are you sure you want to delete this template?")).toBeVisible();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();

  await expect(page.getByText("Template deleted successfully!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Undo me please" })).toHaveCount(0, LONG);
  await expect.poll(status).toBe(404);

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Template restored.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Undo me please" })).toBeVisible(LONG);
  await expect.poll(status).toBe(200);
});
