import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-pass1!';
export const ADMIN = { email: 'admin@e2e.academy', password: 'Admin@pass1!' };

function outboxDir() {
  return path.join(process.env.E2E_DATA_DIR!, 'outbox');
}

/** Mail files already read: each read waits for a mail that has not been read yet. */
const readMails = new Set<string>();

/**
 * The newest six-digit code mailed to an address since the last read, from the server's outbox, as a person would
 * read their mail. Mail leaves behind the server's answer, so a new code may land a moment after the screen moved on.
 */
export async function readCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const dir = outboxDir();
        if (!fs.existsSync(dir)) return undefined;
        const files = fs.readdirSync(dir).sort().reverse();
        for (const file of files) {
          if (readMails.has(file)) continue;
          const text = fs.readFileSync(path.join(dir, file), 'utf8');
          if (!new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(text)) continue;
          code = /\n(\d{6})\n/.exec(text)?.[1];
          if (code) {
            readMails.add(file);
            return code;
          }
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
