/** Polls `check` until it holds; throws when it still does not after `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000, everyMs = 50) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
