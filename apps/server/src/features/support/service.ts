import type { ZNewSupportMessageSchema } from "@mailsmith/shared";
import { CONTACT_HINTS, ZContactFormSchema } from "@mailsmith/shared";
import type { z } from "zod";
import type { UserRow } from "../../core/identity/users.js";
import type { DbOrTx } from "../../db/client.js";
import { supportTickets } from "../../db/schema/index.js";
import { badRequest } from "../../lib/app-error.js";
import type { TicketRow } from "./repo.js";

type NewMessage = z.infer<typeof ZNewSupportMessageSchema>;

/**
 * Creates a ticket. Signed-in callers file under their own identity (never a client-sent email);
 * anonymous callers are the public contact form and must give all five contact fields.
 * Status is always open; contact messages carry role "user" (spec).
 */
export async function createTicket(
  db: DbOrTx,
  input: { body: NewMessage; caller: UserRow | null },
): Promise<TicketRow> {
  const { body, caller } = input;
  if (caller) {
    const [row] = await db
      .insert(supportTickets)
      .values({
        userId: caller.id,
        subject: body.subject,
        message: body.message,
        ticketUserName: caller.name,
        ticketUserEmail: caller.email,
        ticketUserRole: body.phone ? "user" : caller.role,
        ticketUserProfileURL: caller.image ?? null,
        phone: body.phone || null,
        source: body.phone ? "contact" : "ticket",
      })
      .returning();
    return row!;
  }
  const contact = ZContactFormSchema.safeParse(body);
  if (!contact.success) {
    throw badRequest(contact.error.issues[0]?.message ?? CONTACT_HINTS.message, "VALIDATION_ERROR");
  }
  const [row] = await db
    .insert(supportTickets)
    .values({
      subject: contact.data.subject,
      message: contact.data.message,
      ticketUserName: contact.data.ticketUserName,
      ticketUserEmail: contact.data.ticketUserEmail.toLowerCase(),
      ticketUserRole: "user",
      phone: contact.data.phone,
      source: "contact",
    })
    .returning();
  return row!;
}
