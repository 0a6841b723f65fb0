import { Secret, TOTP } from 'otpauth';
import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures.ts';
import {
  openSignedIn,
  openSignedInAsNewUser,
  password,
  reauthDialog,
  signInWithForm,
  signOutWithMenu,
  subjectOf,
  waitUntilSignInIsOld,
} from './support/identity.ts';
import { test } from './support/new-user.ts';
import {
  consoleErrors,
  joinedMember,
  ownerWithSeats,
  switchWorkspace,
  workspaceOf,
} from './support/teams.ts';

test.use({ allowedConsoleErrors: consoleErrors });

const periodMs = 30_000;

/**
 * An authenticator app for the key the page showed. The provider takes each code once and none older
 * than the last, so each code is a step later than the one before: the next step's code is valid
 * early, and past that the app waits for the clock as a person would.
 */
function authenticatorApp(key: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')) });
  let lastStep = -1;
  return async () => {
    const currentStep = Math.floor(Date.now() / periodMs);
    const step = Math.max(currentStep, lastStep + 1);
    if (step > currentStep + 1)
      await new Promise((resolve) => setTimeout(resolve, (step - 1) * periodMs - Date.now() + 500));
    lastStep = step;
    return totp.generate({ timestamp: step * periodMs });
  };
}

/** Turns two-factor on in Settings → Security as a person does; the app that makes the codes. */
async function turnOnTwoFactor(page: import('@playwright/test').Page) {
  await security(page).getByRole('button', { name: 'Set up two-factor' }).click();
  await security(page).getByLabel('Password').fill(password);
  await security(page).getByRole('button', { name: 'Continue' }).click();
  const nextCode = authenticatorApp(
    (await security(page).getByTestId('authenticator-key').textContent()) ?? '',
  );
  await security(page)
    .getByLabel('Authentication code')
    .fill(await nextCode());
  await security(page).getByRole('button', { name: 'Turn on' }).click();
  await security(page).getByRole('button', { name: 'Done' }).click();
  await expect(security(page)).toContainText('On since');
  return nextCode;
}

/** Signs out, then in with the password and `code`, ending on `next`. */
async function signInAgainWithCode(
  page: import('@playwright/test').Page,
  email: string,
  code: string,
  next: string,
) {
  await signOutWithMenu(page);
  await gotoHydrated(page, `/auth/signin?next=${next}`);
  await signInWithForm(page, email);
  const step = page.getByTestId('second-factor-step');
  await step.getByLabel('Authentication code').fill(code);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

const security = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Two-factor authentication' });

test.describe('two-factor authentication', () => {
  test('turned on from Settings → Security, asked at sign-in, the recovery code spent and renewed, turned off with both factors', async ({
    page,
    newUser: user,
  }) => {
    test.setTimeout(120_000);
    await openSignedIn(page, user.accessToken, '/settings/security');
    await expect(security(page)).toContainText('Off.');
    await expectNoAxeViolations(page);

    await security(page).getByRole('button', { name: 'Set up two-factor' }).click();
    await security(page).getByLabel('Password').fill('not-my-password');
    await security(page).getByRole('button', { name: 'Continue' }).click();
    await expect(security(page).getByRole('alert')).toHaveText('Wrong email or password.');
    await security(page).getByLabel('Password').fill(password);
    await security(page).getByRole('button', { name: 'Continue' }).click();

    await expect(
      security(page).getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const nextCode = authenticatorApp(
      (await security(page).getByTestId('authenticator-key').textContent()) ?? '',
    );
    await security(page).getByLabel('Authentication code').fill('123');
    await security(page).getByRole('button', { name: 'Turn on' }).click();
    await expect(security(page).getByText('The code has 6 digits')).toBeVisible();
    await security(page)
      .getByLabel('Authentication code')
      .fill(await nextCode());
    await security(page).getByRole('button', { name: 'Turn on' }).click();
    await expect(security(page).getByRole('status')).toHaveText(
      'Two-factor authentication is on. From now on, signing in asks for a code from your app.',
    );
    const recoveryCode = ((await security(page).getByTestId('recovery-code').textContent()) ?? '').replace(
      /\s/g,
      '',
    );
    expect(recoveryCode).toMatch(/^[A-Z2-9]{24}$/);
    const download = page.waitForEvent('download');
    await security(page).getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('recovery-code.txt');
    await expectNoAxeViolations(page);
    await security(page).getByRole('button', { name: 'Done' }).click();
    await expect(security(page)).toContainText('On since');

    // Sign-in now takes a code.
    await signOutWithMenu(page);
    await gotoHydrated(page, '/auth/signin');
    await signInWithForm(page, user.email);
    const step = page.getByTestId('second-factor-step');
    await expect(step.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expectNoAxeViolations(page);
    await step.getByLabel('Authentication code').fill('000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByRole('alert')).toHaveText(
      'That code is not right. Enter the newest code your authenticator app shows.',
    );
    await step.getByLabel('Authentication code').fill(await nextCode());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The recovery code signs in once and is replaced.
    await signOutWithMenu(page);
    await gotoHydrated(page, '/auth/signin');
    await signInWithForm(page, user.email);
    await step.getByRole('button', { name: 'Use a recovery code' }).click();
    await step.getByLabel('Recovery code').fill(recoveryCode);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(
      step.getByRole('heading', { name: 'Your recovery code has been used: here is a new one' }),
    ).toBeVisible();
    const nextRecoveryCode = ((await step.getByTestId('recovery-code').textContent()) ?? '').replace(
      /\s/g,
      '',
    );
    expect(nextRecoveryCode).not.toBe(recoveryCode);
    await step.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Off again: the password and a code, then sign-in takes the password alone.
    await gotoHydrated(page, '/settings/security');
    await security(page).getByRole('button', { name: 'Turn off two-factor' }).click();
    await security(page).getByLabel('Password').fill(password);
    await security(page)
      .getByLabel('Authentication code')
      .fill(await nextCode());
    await security(page).getByRole('button', { name: 'Turn off' }).click();
    await expect(security(page)).toContainText('Off.');
    await signOutWithMenu(page);
    await gotoHydrated(page, '/auth/signin');
    await signInWithForm(page, user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('ten wrong codes lock the sign-in, even with the right one after', async ({ page, request }) => {
    const user = await openSignedInAsNewUser(page, request, 'two-factor-lockout', '/settings/security');
    const nextCode = await turnOnTwoFactor(page);

    await signOutWithMenu(page);
    await gotoHydrated(page, '/auth/signin');
    await signInWithForm(page, user.email);
    const step = page.getByTestId('second-factor-step');
    for (let attempt = 0; attempt < 10; attempt++) {
      await step.getByLabel('Authentication code').fill(String(200000 + attempt));
      await step.getByRole('button', { name: 'Verify' }).click();
      await expect(step.getByRole('alert')).toHaveText(/That code is not right/);
    }
    await step.getByLabel('Authentication code').fill(await nextCode());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByRole('alert')).toHaveText(
      'Too many wrong codes. Please wait a few minutes before you try again.',
    );
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });

  test('signing in again for a sensitive change asks for the code too', async ({ page, request }) => {
    test.setTimeout(105_000);
    const user = await openSignedInAsNewUser(page, request, 'two-factor-reauth', '/settings/security');
    const nextCode = await turnOnTwoFactor(page);
    await gotoHydrated(page, '/settings/general');
    const form = page.getByTestId('settings-general-form');
    // The token is from before two-factor was on; wait until it is too old for an email change.
    await waitUntilSignInIsOld(page);
    const newEmail = user.email.replace('@', '-changed@');
    // A new person has no name yet, and the profile needs one.
    await form.getByLabel('Name').fill('Two Factor');
    await form.getByLabel('Email').fill(newEmail);
    await form.getByRole('button', { name: 'Save changes' }).click();
    const dialog = reauthDialog(page);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByLabel('Authentication code').fill(await nextCode());
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Your profile has been updated' })).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue(newEmail);
  });

  test('an owner requires it of members: a member without it is stopped at the door and by the API, then enters with it', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const owner = await ownerWithSeats(request, 'Olga', 1);
    const member = await joinedMember(request, owner);

    // The owner turns two-factor on, signs in again with a code, and requires it of members.
    await openSignedIn(page, owner.accessToken, '/settings/security');
    const ownersApp = await turnOnTwoFactor(page);
    await signInAgainWithCode(page, owner.email, await ownersApp(), '/userManagement');
    const requirement = page.getByRole('region', { name: 'Member security' });
    await requirement.getByLabel('Require two-factor authentication').check();
    await expect(requirement.getByRole('status')).toHaveText(
      'Members now need two-factor authentication to open your workspace.',
    );
    await expectNoAxeViolations(page);

    // The member, signed in with a password only, meets the requirement in the page and in the API.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await openSignedIn(memberPage, member.accessToken, '/dashboard');
    await switchWorkspace(memberPage, workspaceOf(owner));
    const gate = memberPage.getByRole('region', { name: 'Two-factor authentication required' });
    await expect(gate).toContainText(
      `${workspaceOf(owner)} asks its members to sign in with two-factor authentication.`,
    );
    await expectNoAxeViolations(memberPage);
    const refused = await request.get(
      `/api/items?workspace=${encodeURIComponent(subjectOf(owner.accessToken))}`,
      {
        headers: { authorization: `Bearer ${member.accessToken}` },
      },
    );
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('workspaces/second-factor-required');

    // With two-factor on and a sign-in with a code, the member is in.
    await gate.getByRole('link', { name: 'Set up two-factor' }).click();
    const membersApp = await turnOnTwoFactor(memberPage);
    await signInAgainWithCode(memberPage, member.email, await membersApp(), '/dashboard');
    await switchWorkspace(memberPage, workspaceOf(owner));
    await expect(memberPage.getByRole('region', { name: 'Two-factor authentication required' })).toHaveCount(
      0,
    );
    await expect(memberPage.getByRole('heading', { name: 'Items' })).toBeVisible();
    await memberContext.close();
  });
});
