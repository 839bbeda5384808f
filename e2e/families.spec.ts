import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { readCode, signIn, uniqueEmail } from './helpers';

const PASSWORD = 'Str0ng&pass';

async function enterCode(page: Page, code: string) {
  // The sixth digit sends the code by itself.
  for (const [i, digit] of code.split('').entries()) await page.getByLabel(`Digit ${i + 1}`).fill(digit);
}

/** The invitation link mailed to an address, read from the server's outbox (its text part may be quoted-printable). */
async function readInvitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
        for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : []) {
          const raw = fs.readFileSync(path.join(dir, file), 'utf8');
          if (!raw.toLowerCase().includes(`to: ${email}`)) continue;
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
          link = /\/invitation#[A-Za-z0-9_-]{43}/.exec(text)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Sign-up through the mailed code, as a parent: the profile asks for no school, grade or birthday. */
async function signUpAsParent(page: Page, firstName: string) {
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByLabel('School')).toHaveCount(0);
  await expect(page.getByLabel('Grade')).toHaveCount(0);
  await expect(page.getByLabel('Birthday')).toHaveCount(0);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Phone number').pressSequentially('5559876543');
  await page.getByLabel('Address').fill('12 Cedar Lane');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Complete Profile' }).click();
}

test('a parent signs up, adds a child with a password; the child signs in and invites another parent, who signs up through the link and accepts', async ({
  page,
}) => {
  const parentEmail = uniqueEmail('parent');
  const childEmail = uniqueEmail('child');

  // Sign-up asks who is signing up.
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(parentEmail);
  await page.getByLabel('Confirm email').fill(parentEmail);
  await page.getByRole('button', { name: 'VERIFY EMAIL' }).click();
  await expect(page.getByText('Please choose who is signing up')).toBeVisible();
  await page.getByRole('radio', { name: /A parent or guardian/ }).check();
  await page.getByRole('button', { name: 'VERIFY EMAIL' }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await enterCode(page, await readCode(parentEmail));
  await expect(page).toHaveURL(/\/complete-profile$/, { timeout: 5_000 });
  await signUpAsParent(page, 'Pat');

  // The parent's own dashboard invites them to add a child.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Pat!' })).toBeVisible();
  await expect(page.getByText('No children linked yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add a child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a child' });
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await dialog.getByLabel('First name').fill('Milo');
  await dialog.getByLabel('Last name').fill('Rivera');
  await dialog.getByLabel('Grade').selectOption('4');
  await dialog.getByLabel('Birthday').fill('2016-03-04');
  await dialog.getByLabel('School').fill('Birch Elementary');
  await dialog.getByLabel("Child's email").fill(childEmail);
  await dialog.getByLabel('Password (optional)').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Your child's account has been created.")).toBeVisible();
  await expect(page.getByRole('article', { name: 'Milo Rivera' })).toBeVisible();

  // The parent corrects the child's school, and has the academy mail the child how to sign in.
  await page.getByRole('button', { name: 'Edit Milo Rivera' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Milo Rivera' });
  await expect(edit.getByLabel('School')).toHaveValue('Birch Elementary');
  await edit.getByLabel('School').fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('School is required')).toBeVisible();
  await edit.getByLabel('School').fill('Cedar Middle');
  await edit.getByRole('button', { name: 'Send a sign-in e-mail' }).click();
  await expect(edit.getByText('We e-mailed your child how to sign in and how to choose a new password.')).toBeVisible();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText("Your child's details have been saved.")).toBeVisible();
  await expect(page.getByRole('article', { name: 'Milo Rivera' }).getByText('Grade 4 · Cedar Middle')).toBeVisible();

  // An invitation sent to another student waits on My Children until it is cancelled; its link then stops working.
  const cousinEmail = uniqueEmail('cousin');
  await page.getByRole('button', { name: 'Add a child' }).click();
  await dialog.getByRole('tab', { name: 'Link an existing student' }).click();
  await dialog.getByLabel("Your child's account email").fill(cousinEmail);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const cousinLink = await readInvitationLink(cousinEmail);
  await page.getByRole('link', { name: 'My Children' }).first().click();
  const waiting = page.getByRole('list', { name: 'Invitations waiting' });
  await expect(waiting.getByText(cousinEmail)).toBeVisible();
  await page.getByRole('button', { name: `Cancel the invitation to ${cousinEmail}` }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this invitation?' })
    .getByRole('button', { name: 'Cancel invitation' })
    .click();
  await expect(page.getByText('Invitation cancelled. Its link no longer works.')).toBeVisible();
  await expect(page.getByText('No invitations waiting.')).toBeVisible();
  await page.goto(cousinLink);
  await expect(page.getByText('This invitation link is not valid. Please ask for a new invitation.')).toBeVisible();
  await page.goto('/dashboard');

  // The child signs in with the e-mail and password their parent gave, and sees the student dashboard.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, childEmail, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Welcome, Milo!' })).toBeVisible();

  // The student invites another parent by e-mail.
  const guardianEmail = uniqueEmail('guardian');
  const invite = page.getByRole('region', { name: 'Invite a parent' });
  await invite.getByLabel("Parent's email").fill(guardianEmail);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Invitation sent. The link in the e-mail works for 7 days.')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);

  // The invited parent opens the link, signs up as a parent with the invited e-mail, and accepts.
  await page.goto(await readInvitationLink(guardianEmail));
  await expect(page.getByRole('heading', { name: 'You are invited' })).toBeVisible();
  await expect(
    page.getByText('Milo Rivera invites you to follow their learning as their parent or guardian.'),
  ).toBeVisible();
  // The secret leaves the address bar.
  await expect(page).toHaveURL(/\/invitation$/);
  await page.getByRole('link', { name: 'Create a parent account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('radio', { name: /A parent or guardian/ })).toBeChecked();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(guardianEmail);
  await page.getByRole('button', { name: 'VERIFY EMAIL' }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await enterCode(page, await readCode(guardianEmail));
  await expect(page).toHaveURL(/\/complete-profile$/, { timeout: 5_000 });
  await signUpAsParent(page, 'Alex');
  await expect(page).toHaveURL(/\/invitation$/);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText('Invitation accepted. Your accounts are now linked.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Alex!' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Milo Rivera' })).toBeVisible();
});
