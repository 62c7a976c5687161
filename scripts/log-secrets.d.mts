/** Types of log-secrets.mjs for the TypeScript that imports it (the e2e teardown). */
export function findSecrets(text: string, known?: readonly string[]): { line: number; what: string }[];
