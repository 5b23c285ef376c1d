// What the suites share: the live app they run against (from the environment the pytest
// wrapper, or you, set), numbers nobody else sends to, and the gateway simulator's count.
import { execFile } from "node:child_process";
import { randomInt } from "node:crypto";
import { promisify } from "node:util";

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: these tests run against a live ujumbe (see tests/clients/test_typescript_client.py)`);
  return value;
}

export const baseUrl = required("UJUMBE_API_URL");
export const apiKey = required("UJUMBE_API_KEY");
export const accessToken = required("UJUMBE_ACCESS_TOKEN");

/** A Tanzanian mobile number (Vodacom's 0754 range) no other test sends to. */
export function freshNumber(): string {
  return `+255754${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

const run = promisify(execFile);

/** How many SMS to `to` reached the carrier: the gateway simulator's own record, read by the
 * operator CLI ($UJUMBE_CLI, a JSON array; `ujumbe` when unset). */
export async function submitsTo(to: string): Promise<number> {
  const [command = "ujumbe", ...prefix] = JSON.parse(process.env.UJUMBE_CLI ?? '["ujumbe"]') as string[];
  const { stdout } = await run(command, [...prefix, "simulator", "messages", "--to", to, "--json"], { timeout: 60_000 });
  return (JSON.parse(stdout) as unknown[]).length;
}

/** What the carrier received for `to`, once it received anything: a send may answer before the
 * carrier took it (`pending`). */
export async function carrierReceived(to: string): Promise<number> {
  return waitUntil(() => submitsTo(to));
}

/** The condition's first truthy value, polled every 100 ms; fails after `timeoutMs`. */
export async function waitUntil<T>(condition: () => T | Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await condition();
    if (found) return found as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A second customer, for the webhook tests: its endpoints receive no event of the other tests. */
export const hooksApiKey = required("UJUMBE_HOOKS_API_KEY");
export const hooksAccessToken = required("UJUMBE_HOOKS_ACCESS_TOKEN");
