/**
 * External services for tests: a test that needs Redis runs when REDIS_URL is set and is skipped
 * otherwise, unless REQUIRE_SERVICES=1 (CI), where a missing service is a failure, not a skip.
 */
export function serviceUrl(name: 'REDIS_URL' | 'DATABASE_URL'): string | undefined {
  const value = process.env[name];
  if (!value && process.env.REQUIRE_SERVICES === '1') {
    throw new Error(`${name} is required when REQUIRE_SERVICES=1`);
  }
  return value || undefined;
}
