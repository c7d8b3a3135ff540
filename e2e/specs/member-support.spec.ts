import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signInAdmin, signUpMember } from "../fixtures/helpers";

test("a member files a ticket; the admin filters for it, replies and resolves it; the member sees both", async ({
  page,
  browser,
}) => {
  const tag = randomBytes(3).toString("hex");
  const subject = `Export fails ${tag}`;
  const { email } = await signUpMember(page, { name: "Ticket Member" });

  // Sidebar: starts open with named links on a desktop, Support goes to the member's tickets.
  await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeVisible();
  await page.getByRole("link", { name: "Support" }).first().click();
  await expect(page).toHaveURL(/\/user\/support$/);
  await expect(page.getByText("No support tickets yet.")).toBeVisible();
  await page.getByRole("link", { name: "Create Ticket" }).click();
  await expect(page).toHaveURL(/\/user\/create-support$/);
  await expect(page.getByText("Ticket Member")).toBeVisible();

  // Both fields are required.
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(page.getByText("Subject is required")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("The HTML download is empty.");
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(page).toHaveURL(/\/user\/support$/);
  await expect(page.getByText("Support ticket created successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  await expect(page.getByRole("list", { name: "Conversation" }).getByText("The HTML download is empty.")).toBeVisible();

  // The admin, in a separate browser context.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto("/admin/support-messages");
  await expect(admin.getByRole("heading", { name: "Support Messages" })).toBeVisible();
  await admin.getByLabel("User email").fill(email);
  await admin.getByRole("combobox", { name: "Status", exact: true }).selectOption("open");
  const tickets = admin.getByRole("table", { name: "Tickets" });
  await expect(tickets.locator("tbody tr")).toHaveCount(1);
  await expect(tickets.getByRole("button", { name: subject })).toBeVisible();
  // A filter that excludes it.
  await admin.getByRole("combobox", { name: "Priority", exact: true }).selectOption("high");
  await expect(admin.getByText("No tickets match these filters.")).toBeVisible();
  await admin.getByRole("combobox", { name: "Priority", exact: true }).selectOption("");
  // Not clicked: the pane shows the list's first ticket, and working on it pins it (below).
  await expect(admin.getByRole("heading", { name: subject })).toBeVisible();

  // Blank replies are ignored.
  const conversation = admin.getByRole("list", { name: "Conversation" });
  await admin.getByRole("button", { name: "Send Reply" }).click();
  await expect(conversation.getByRole("listitem")).toHaveCount(1);
  await admin.getByLabel("Your reply").fill("Thanks, fixed in today's release.");
  await admin.getByRole("button", { name: "Send Reply" }).click();
  await expect(conversation.getByText("Thanks, fixed in today's release.")).toBeVisible();
  await expect(admin.getByLabel("Your reply")).toHaveValue("");
  await admin.getByRole("combobox", { name: "Ticket status" }).selectOption("resolved");
  await expect(admin.getByText("Ticket updated")).toBeVisible();
  // Resolved, it has left the "open" list, but the conversation being worked on stays open.
  await expect(admin.getByText("No tickets match these filters.")).toBeVisible();
  await expect(admin.getByRole("heading", { name: subject })).toBeVisible();
  await expect(admin.getByRole("combobox", { name: "Ticket status" })).toHaveValue("resolved");
  // It is found under "resolved", and a click picks it.
  await admin.getByRole("combobox", { name: "Status", exact: true }).selectOption("resolved");
  await tickets.getByRole("button", { name: subject }).click();
  await expect(tickets.getByRole("button", { name: subject })).toHaveAttribute("aria-current", "true");
  await expect(admin.getByRole("heading", { name: subject })).toBeVisible();
  await adminContext.close();

  // The member sees the reply and the new status.
  await page.reload();
  await expect(
    page.getByRole("list", { name: "Conversation" }).getByText("Thanks, fixed in today's release."),
  ).toBeVisible();
  const header = page.locator("header", { has: page.getByRole("heading", { name: subject }) });
  await expect(header.getByText("resolved", { exact: true })).toBeVisible();

  // A member reply sets it in-progress.
  await page.getByLabel("Your reply").fill("Works now, thank you!");
  await page.getByRole("button", { name: "Send Reply" }).click();
  await expect(page.getByRole("list", { name: "Conversation" }).getByText("Works now, thank you!")).toBeVisible();
  await expect(header.getByText("in-progress", { exact: true })).toBeVisible();
});
