import { describe, expect, it } from "vitest";
import { addressProblem, allowedAddresses, normaliseAllowEntry, resolvedAddressProblem } from "./server-address.js";

const none = allowedAddresses([]);

describe("model server addresses an admin may set (decision 131)", () => {
  it("takes a public https address", () => {
    expect(addressProblem("https://api.openai.com/v1", none)).toBeNull();
    expect(addressProblem("https://openrouter.ai/api/v1", none)).toBeNull();
    expect(addressProblem("https://8.8.8.8/v1", none)).toBeNull();
  });

  it("refuses http, credentials and what is not a web address", () => {
    expect(addressProblem("http://api.openai.com/v1", none)).toBe("not_https");
    expect(addressProblem("https://user:pw@api.openai.com/v1", none)).toBe("credentials");
    expect(addressProblem("https://user@api.openai.com/v1", none)).toBe("credentials");
    expect(addressProblem("file:///etc/passwd", none)).toBe("invalid");
    expect(addressProblem("gopher://x", none)).toBe("invalid");
    expect(addressProblem("not a url", none)).toBe("invalid");
  });

  it("refuses this machine, private networks and link-local addresses, however they are spelt", () => {
    for (const url of [
      "http://127.0.0.1:5432",
      "http://169.254.169.254/latest/meta-data",
      "https://127.0.0.1/v1",
      "https://localhost/v1",
      "https://api.localhost/v1",
      "https://LOCALHOST./v1",
      "https://10.1.2.3/v1",
      "https://172.16.0.1/v1",
      "https://192.168.1.10/v1",
      "https://100.64.0.1/v1",
      "https://0.0.0.0/v1",
      "https://2130706433/v1",
      "https://0x7f.1/v1",
      "https://[::1]/v1",
      "https://[::]/v1",
      "https://[fe80::1]/v1",
      "https://[fd00::1]/v1",
      "https://[::ffff:127.0.0.1]/v1",
      "https://[::ffff:169.254.169.254]/v1",
    ]) {
      expect(addressProblem(url, none), url).not.toBeNull();
    }
    expect(addressProblem("https://169.254.169.254/", none)).toBe("internal_host");
  });

  it("lets the operator's origins and hosts through, and only those", () => {
    const allowed = allowedAddresses(["http://127.0.0.1:11434", "ollama.lan", "[::1]"]);
    expect(addressProblem("http://127.0.0.1:11434/v1", allowed)).toBeNull();
    expect(addressProblem("http://127.0.0.1:5432", allowed)).toBe("not_https");
    expect(addressProblem("https://127.0.0.1:5432", allowed)).toBe("internal_host");
    expect(addressProblem("http://ollama.lan:8080/v1", allowed)).toBeNull();
    expect(addressProblem("http://[::1]:11434/v1", allowed)).toBeNull();
    // Credentials are refused even for an allowed origin: the key goes in its own field.
    expect(addressProblem("http://u:p@127.0.0.1:11434/v1", allowed)).toBe("credentials");
  });

  it("spells allow-list entries one way and refuses paths and ports without a scheme", () => {
    expect(normaliseAllowEntry("HTTP://127.0.0.1:11434/")).toBe("http://127.0.0.1:11434");
    expect(normaliseAllowEntry("Ollama.LAN")).toBe("ollama.lan");
    expect(normaliseAllowEntry("http://127.0.0.1:11434/v1")).toBeNull();
    expect(normaliseAllowEntry("127.0.0.1:11434")).toBeNull();
  });

  it("refuses a name that resolves inside the network, at the moment it is called", async () => {
    const lookup = async (host: string) =>
      host === "metadata.internal.example" ? [{ address: "169.254.169.254" }] : [{ address: "93.184.215.14" }];
    expect(await resolvedAddressProblem("https://metadata.internal.example/v1", none, lookup)).toBe("internal_host");
    expect(await resolvedAddressProblem("https://api.example.com/v1", none, lookup)).toBeNull();
    const mixed = async () => [{ address: "93.184.215.14" }, { address: "10.0.0.5" }];
    expect(await resolvedAddressProblem("https://both.example.com/v1", none, mixed)).toBe("internal_host");
    // An allowed host is not looked up; a name that does not resolve is left to the call (unreachable).
    const never = async () => {
      throw new Error("not looked up");
    };
    expect(await resolvedAddressProblem("http://ollama.lan/v1", allowedAddresses(["ollama.lan"]), never)).toBeNull();
    expect(await resolvedAddressProblem("https://nowhere.invalid/v1", none, never)).toBeNull();
  });
});
