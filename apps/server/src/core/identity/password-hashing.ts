import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { verifyPassword as verifyStandard } from "better-auth/crypto";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/** Marks a hash made by the test hashing below; Better Auth's own hashes are `salt:key` in hex. */
const TEST_HASH_PREFIX = "test-scrypt$";
/** scrypt at 1/32 of Better Auth's work (N=16384, r=16): ~3 ms instead of ~100 ms of CPU per hash. */
const TEST_SCRYPT = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

async function testKey(password: string, salt: string): Promise<Buffer> {
  return scryptAsync(password.normalize("NFKC"), salt, KEY_LENGTH, TEST_SCRYPT);
}

/**
 * Cheap password hashing for NODE_ENV=test only — the practice of Devise's `stretches = 1` and Django's fast test
 * hasher. Better Auth's scrypt costs ~100 ms of CPU per sign-up or sign-in; the test suites hash ~500 passwords per
 * run, ~50 s of CPU on a 2-core machine. Everything else about passwords (Better Auth's flows,
 * storage in `account.password`, verification, resets) is the production code path.
 * A hash made here never verifies outside tests: Better Auth's verify reads it as a wrong `salt:key`.
 * Hashes made by Better Auth (a data folder from a development server) still verify in tests.
 */
export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${TEST_HASH_PREFIX}${salt}:${(await testKey(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(TEST_HASH_PREFIX)) return verifyStandard({ hash, password });
    const [salt, key] = hash.slice(TEST_HASH_PREFIX.length).split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await testKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

/** Better Auth's own scrypt everywhere but in tests (undefined: Better Auth's default). */
export function passwordHashingFor(nodeEnv: string): PasswordHashing | undefined {
  return nodeEnv === "test" ? testPasswordHashing : undefined;
}
