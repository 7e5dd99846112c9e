/**
 * The e2e run's servers: one per Playwright worker slot, each on its own database, so two specs that change
 * settings (WeChat Pay, mail, sign-up rules) run side by side without seeing each other. Read by
 * playwright.config.ts, which starts them, and by the specs' `test` (e2e/test.ts), which points each worker's
 * pages and requests at its slot's server.
 */

/** `E2E_PORT` (default 8123): the first slot's server; slot n listens 10 ports higher per slot. */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8123);

/** `E2E_WORKERS` (default 2): workers, and servers. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** Slot `slot`'s server and the ports of the fakes that server calls while a spec runs them. */
export function serverOf(slot: number) {
  const port = FIRST_PORT + 10 * slot;
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    /** WeChat Pay (e2e/payments.ts starts the fake here). */
    wechatPayPort: port + 1,
    /** The SMTP server e2e/outbox.spec.ts starts. */
    smtpPort: port + 2,
    /** WeChat Work's sign-in and API (e2e/third-party.spec.ts). */
    wecomPort: port + 5,
  };
}
