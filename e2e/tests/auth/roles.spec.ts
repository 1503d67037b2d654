import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, type Account } from '../support/accounts.js';
import { signIn } from '../support/login.js';

/** The role badges of one list, sorted: the order of the claims is not what is under test. */
const rolesShown = async (page: Page, testId: 'token-roles' | 'api-roles') =>
  (await page.getByTestId(testId).getByRole('listitem').allTextContents())
    .map((role) => role.trim())
    .sort();

const expectRoles = async (page: Page, account: Account, expected: string[]) => {
  await signIn(page, account);
  const sorted = [...expected].sort();
  await expect.poll(() => rolesShown(page, 'token-roles')).toEqual(sorted);
  // The API reads the roles from the verified access token: they must agree with the ID token.
  await expect.poll(() => rolesShown(page, 'api-roles')).toEqual(sorted);
};

test.describe('roles del usuario', () => {
  test('operaciones@ llega con operaciones, alquileres y transportes, y la API ve los mismos', async ({
    page,
  }) => {
    await expectRoles(page, ACCOUNTS.operaciones, ['operaciones', 'alquileres', 'transportes']);
  });

  test('maquinaria@ (rol heredado) llega con maquinaria y transportes, y la API ve los mismos', async ({
    page,
  }) => {
    await expectRoles(page, ACCOUNTS.maquinaria, ['maquinaria', 'transportes']);
  });
});
