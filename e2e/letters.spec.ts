import fs from 'node:fs';
import { expect, test, type Locator, type Page } from './fixtures';
import { LETTER_MESSAGES } from '../common/rules/letters';
import { DEMO_PASSWORD, readMail, signIn } from './helpers';

/**
 * The demo parent's letter about Leo: chosen on the dashboard's card, sent by the server's own job queue into its
 * outbox (the chart an inline PNG), and stopped by the letter's link in a browser that never signed in.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-letters';
const PARENT = 'parent@demo.academy';

async function shoot(page: Page, name: string, target?: Locator) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `${SHOTS}/letters-${name}-${width}.png`;
    if (target) await target.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The parts of a raw message: each part's headers and body, split at the boundaries. */
function parts(eml: string): Array<{ headers: string; body: string }> {
  return eml
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const blank = part.search(/\r?\n\r?\n/);
      return { headers: part.slice(0, blank), body: part.slice(blank).trim() };
    })
    .filter((part) => /^Content-Type:/im.test(part.headers));
}

test('the demo parent chooses a daily letter, receives it with its chart, and unsubscribes without signing in', async ({
  page,
  browser,
}) => {
  await signIn(page, PARENT, DEMO_PASSWORD);
  await page.goto('/dashboard?section=progress');
  const card = page.getByRole('article', { name: 'Weekly letter' });
  await expect(card.getByRole('heading', { name: 'Weekly letter' })).toBeVisible();
  await expect(
    card.getByText("An e-mail about Leo Chen's week: time spent, questions solved, skills, tests and what is due."),
  ).toBeVisible();
  // Nothing chosen yet: weekly, Sunday at 6 PM (on a Sunday evening that week's letter may still be on its way).
  await expect(card.getByLabel('How often')).toHaveValue('weekly');
  await expect(card.getByLabel('Day')).toHaveValue('0');
  await expect(card.getByLabel('Hour')).toHaveValue('18');
  await expect(card.getByRole('status')).toHaveText(
    new RegExp(`^(${escaped(LETTER_MESSAGES.sendingNow)} )?Next letter: Sunday, \\w+ \\d+ at 6:00 PM \\(UTC\\)\\.$`),
  );
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'card', card);

  // Daily at midnight UTC: that hour has come today, so yesterday's letter leaves now, and the card says so before
  // naming tomorrow's.
  await card.getByLabel('How often').selectOption('daily');
  await expect(card.getByLabel('Day')).toBeHidden();
  await card.getByLabel('Hour').selectOption('0');
  await card.getByLabel('Time zone').selectOption('UTC');
  await card.getByRole('button', { name: 'Save letter settings' }).click();
  await expect(card.getByRole('status')).toHaveText(
    new RegExp(
      `^Letter settings saved\\. ${escaped(LETTER_MESSAGES.sendingNow)} Next letter: \\w+, \\w+ \\d+ at 12:00 AM \\(UTC\\)\\.$`,
    ),
  );
  await shoot(page, 'card-daily', card);

  const eml = await readMail(PARENT, /^Leo's day at /);
  expect(eml).toContain("Here is Leo's day (");
  expect(eml).toMatch(/Minutes active: \d+/);
  expect(eml).toMatch(/Questions solved: \d+/);
  expect(eml).toContain('Skills that moved');
  expect(eml).toContain('One suggestion');
  expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const all = parts(eml);
  const html = all.find((part) => /^Content-Type: text\/html/im.test(part.headers))!;
  expect(html.body).toContain('src="cid:solved-per-day@academy"');
  const chart = all.find((part) => /^Content-Type: image\/png/im.test(part.headers))!;
  expect(chart.headers).toMatch(/^Content-ID: <solved-per-day@academy>$/im);
  expect(chart.headers).toMatch(/^Content-Disposition: inline/im);
  const png = Buffer.from(chart.body.replace(/\s/g, ''), 'base64');
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([560, 220]);

  // The link works in a browser with no session.
  const link = /To stop these letters, open: (\S+)/.exec(eml)![1];
  expect(link).toMatch(/\/api\/letters\/unsubscribe\?token=[\w-]+$/);
  const stranger = await browser.newContext();
  try {
    const open = await stranger.newPage();
    await open.goto(link);
    await expect(open.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(open.getByRole('status')).toHaveText(LETTER_MESSAGES.unsubscribed);
    await expect(open.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await shoot(open, 'unsubscribed');
  } finally {
    await stranger.close();
  }

  await page.reload();
  await expect(card.getByLabel('How often')).toHaveValue('off');
  await expect(card.getByLabel('Hour')).toBeHidden();
  await expect(card.getByRole('status')).toHaveText('Letters are off.');
});
