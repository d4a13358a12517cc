/** PostgreSQL may pick one of two concurrent transactions as a deadlock victim; run it again. */
export async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (i >= attempts || (code !== '40P01' && code !== '40001')) throw e;
      await new Promise((r) => setTimeout(r, 10 * i));
    }
  }
}

/** Whether a statement failed on a unique index (a key that is there already). */
export const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
