import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createSpamd, parseSpamdUrl, SpamdUnavailableError } from "./spamd.js";

/** A fake spamd: records what the client sent and answers with `reply` (or never, to test the time limit). */
async function fakeSpamd(reply: string | null) {
  const received: Buffer[] = [];
  const sockets: Socket[] = [];
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.push(socket);
    socket.on("data", (c) => {
      received.push(c);
      const all = Buffer.concat(received).toString("utf8");
      const length = Number(/Content-length: (\d+)/i.exec(all)?.[1] ?? -1);
      const body = all.split("\r\n\r\n").slice(1).join("\r\n\r\n");
      if (reply !== null && Buffer.byteLength(body) >= length) socket.end(reply);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return {
    url: `spamd://127.0.0.1:${port}`,
    sent: () => Buffer.concat(received).toString("utf8"),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

const REPORT = [
  "SPAMD/1.1 0 EX_OK",
  "Content-length: 999",
  "Spam: True ; 7.4 / 5.0",
  "",
  "Content analysis details:   (7.4 points, 5.0 required)",
  "",
  " pts rule name              description",
  "---- ---------------------- --------------------------------------------------",
  " 1.7 HTML_IMAGE_ONLY_04     BODY: HTML: images with 0-400 bytes of words",
  " 0.5 SUBJ_ALL_CAPS          Subject is all capitals",
  "-0.0 NO_RELAYS              Informational: message was not relayed via",
  "                            SMTP",
  "",
].join("\r\n");

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

describe("spamd client (SPAMC/1.5)", () => {
  it("sends a REPORT request with the exact length and reads score, threshold and rules", async () => {
    const fake = await fakeSpamd(REPORT);
    closers.push(fake.close);
    const message = Buffer.from("Subject: héllo\r\n\r\nbody\r\n");
    const result = await createSpamd(fake.url)!.score(message);
    expect(fake.sent()).toBe(`REPORT SPAMC/1.5\r\nContent-length: ${message.length}\r\n\r\n${message.toString()}`);
    expect(result).toMatchObject({ isSpam: true, score: 7.4, threshold: 5 });
    expect(result.rules).toEqual([
      { points: 1.7, name: "HTML_IMAGE_ONLY_04", description: "BODY: HTML: images with 0-400 bytes of words" },
      { points: 0.5, name: "SUBJ_ALL_CAPS", description: "Subject is all capitals" },
      { points: -0, name: "NO_RELAYS", description: "Informational: message was not relayed via SMTP" },
    ]);
  });

  it("gives up after its time limit when spamd does not answer", async () => {
    const fake = await fakeSpamd(null);
    closers.push(fake.close);
    await expect(createSpamd(fake.url, 200)!.score(Buffer.from("x"))).rejects.toThrow(/did not answer within 200 ms/);
  });

  it("reports an error status and a refused connection as unavailable", async () => {
    const fake = await fakeSpamd("SPAMD/1.0 76 Bad header line: x\r\n\r\n");
    closers.push(fake.close);
    await expect(createSpamd(fake.url)!.score(Buffer.from("x"))).rejects.toThrow(/refused the message: Bad header/);
    await fake.close();
    await expect(createSpamd(fake.url)!.score(Buffer.from("x"))).rejects.toBeInstanceOf(SpamdUnavailableError);
  });

  it("is absent without SPAMD_URL and reads spamd:// addresses", () => {
    expect(createSpamd(undefined)).toBeUndefined();
    expect(parseSpamdUrl("spamd://127.0.0.1")).toEqual({ host: "127.0.0.1", port: 783 });
    expect(parseSpamdUrl("spamd://[::1]:7830")).toEqual({ host: "::1", port: 7830 });
    expect(() => parseSpamdUrl("http://x:1")).toThrow(/spamd:\/\//);
  });
});
