// The native argon2 binding loads at the first password checked or set, not on a start's way to serving.
const argon2 = () => import('@node-rs/argon2');

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = async (password: string) => (await argon2()).hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/** Verifies against a throwaway hash when the account is unknown, so timing does not tell whether it exists. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  const target = passwordHash ?? (await dummyHash);
  const { verify } = await argon2();
  const matches = await verify(target, password).catch(() => false);
  return passwordHash !== undefined && matches;
}
