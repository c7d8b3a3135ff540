import { SECURITY_MESSAGES } from "@mailsmith/shared";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandler } from "./errors.js";

describe("error handler", () => {
  it("answers busboy's malformed-multipart errors with a 400 and a database outage with a 503", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get("/multipart", async () => {
      throw new Error("Unexpected end of form");
    });
    app.get("/db", async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    app.get("/bug", async () => {
      throw new Error("a real bug");
    });
    const multipart = await app.inject("/multipart");
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json().message).toBe(SECURITY_MESSAGES.malformedUpload);
    const db = await app.inject("/db");
    expect(db.statusCode).toBe(503);
    expect(db.headers["retry-after"]).toBe("5");
    expect(db.json().message).toBe(SECURITY_MESSAGES.databaseUnavailable);
    expect((await app.inject("/bug")).statusCode).toBe(500);
    await app.close();
  });
});
