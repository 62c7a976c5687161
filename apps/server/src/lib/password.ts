import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum we cannot import by value; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm.Argon2id;

/** Argon2id with OWASP's minimum parameters: 19 MiB of memory, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);
