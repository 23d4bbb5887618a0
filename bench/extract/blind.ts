import { createHash } from "node:crypto";

/**
 * The blind third of a corpus (issue #34): stores whose pages nobody here opens, reads or
 * looks at the misses of. They are scored in every run and reported apart from the rest, so
 * that the gap between the pages rules were written from and pages nobody tuned for shows.
 *
 * The split is a hash of the store's name with a salt fixed once, on 2026-11-27, before any
 * page of `us-stores` was read; the salt must never change (a new salt is a new split chosen
 * after seeing results). A store is blind when the first four bytes of
 * sha256(SALT + store), read as an unsigned integer, are 0 modulo 3.
 */
const SALT = "dropwave-blind-third/2026-11-27:";

export function isBlindStore(store: string): boolean {
  const digest = createHash("sha256")
    .update(SALT + store.trim().toLowerCase())
    .digest();
  return digest.readUInt32BE(0) % 3 === 0;
}
