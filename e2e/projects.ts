/** The Playwright project whose tests run against the server on PostgreSQL (playwright.config.ts, server.ts). */
export const POSTGRES_PROJECT = 'postgres';
