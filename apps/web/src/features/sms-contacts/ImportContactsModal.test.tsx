import type { TImportReport } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { callsTo, contact, listResponse, mockContactsApi } from '../../test/sms-contacts-test-helpers';

const IMPORT = 'POST /admin/api/sms-contacts/import';
const CSV =
  'name,phone,language,types\nMaria Lopez,415-555-0134,es,emergency;alert\nBad Row,12,en,\nEarlier Import,312-555-0190,en,\n';

const dryRun: TImportReport = {
  total: 3,
  valid: 2,
  invalid: 1,
  imported: 0,
  verified: 0,
  rows: [
    {
      line: 2,
      name: 'Maria Lopez',
      phone: '415-555-0134',
      language: 'es',
      message_types: ['emergency', 'alert'],
      error: null,
      error_code: null,
      error_params: null,
      verifies_existing: false,
    },
    {
      line: 3,
      name: 'Bad Row',
      phone: '12',
      language: 'en',
      message_types: [],
      error: 'Invalid US phone number',
      error_code: 'phone_invalid',
      error_params: null,
      verifies_existing: false,
    },
    {
      line: 4,
      name: 'Earlier Import',
      phone: '312-555-0190',
      language: 'en',
      message_types: [],
      error: null,
      error_code: null,
      error_params: null,
      verifies_existing: true,
    },
  ],
};

async function openImport(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('Maria Lopez');
  await user.click(screen.getByRole('button', { name: 'Import' }));
  return within(await screen.findByRole('dialog', { name: 'Import Contacts' }));
}

describe('Import contacts', () => {
  it('checks the file with a dry run, shows each line with its error, then imports with the attestation', async () => {
    setCookie('csrf_token', 'i1');
    const fetchMock = mockContactsApi({
      'GET /admin/api/sms-contacts': () => listResponse([contact()]),
      [IMPORT]: (url) =>
        jsonResponse(
          url.searchParams.get('dry_run') === 'true' ? dryRun : { ...dryRun, imported: 1, verified: 1 },
        ),
    });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    const dialog = await openImport(user);
    expectShown(dialog.getByText(/name,phone,language,types/));

    const file = new File([CSV], 'contacts.csv', { type: 'text/csv' });
    await user.upload(dialog.getByLabelText('Drag a CSV file here or click to choose one'), file);

    expectShown(await dialog.findByText('3 rows: 2 ready to import, 1 with errors'));
    const check = callsTo(fetchMock, 'POST', '/admin/api/sms-contacts/import')[0];
    expect(check?.url.searchParams.get('dry_run')).toBe('true');
    const checkForm = check?.body as FormData;
    expect((checkForm.get('file') as File).name).toBe('contacts.csv');
    expect(checkForm.get('consent_attested')).toBeNull();

    const lineThree = dialog.getByText('Bad Row').closest('tr') as HTMLElement;
    expectShown(within(lineThree).getByText('3'));
    expectShown(within(lineThree).getByText('Invalid US phone number'));
    expectShown(within(lineThree).getByText('All active types'));
    const lineTwo = dialog.getByText('Maria Lopez', { selector: 'td' }).closest('tr') as HTMLElement;
    expectShown(within(lineTwo).getByText('Ready'));
    expectShown(within(lineTwo).getByText('emergency, alert'));
    const lineFour = dialog.getByText('Earlier Import').closest('tr') as HTMLElement;
    expectShown(within(lineFour).getByText('Verifies earlier import'));
    expect(
      dialog.getByText(
        'Imported contacts are active and verified at once: the consent you confirm below is recorded for each of them, and they receive alerts of their types from now on.',
      ),
    ).toBeVisible();
    expect(
      dialog.getByText(
        '1 row is a number imported earlier that was never verified, so it receives no alerts. Importing it again verifies it; its preferences stay as they are.',
      ),
    ).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Import 2 contacts' }));
    expectShown(dialog.getByText('Please confirm that these people agreed to receive SMS alerts.'));
    expect(callsTo(fetchMock, 'POST', '/admin/api/sms-contacts/import')).toHaveLength(1);

    const listCalls = callsTo(fetchMock, 'GET', '/admin/api/sms-contacts').length;
    await user.click(
      dialog.getByRole('checkbox', {
        name: /I confirm these people agreed to receive SMS alerts from Demo Radio/,
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Import 2 contacts' }));

    expectShown(await dialog.findByText('1 contact imported.'));
    expectShown(dialog.getByText('1 contact imported earlier is now verified.'));
    expectShown(dialog.getByText('1 row was not imported: see the error below.'));
    expect(
      dialog.getByText('Imported contacts are active and verified, and receive alerts from now on.'),
    ).toBeVisible();
    const run = callsTo(fetchMock, 'POST', '/admin/api/sms-contacts/import')[1];
    expect(run?.url.searchParams.get('dry_run')).toBe('false');
    expect((run?.body as FormData | undefined)?.get('consent_attested')).toBe('true');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/admin/api/sms-contacts').length).toBeGreaterThan(listCalls),
    );
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('words each row error in Spanish from its code, whatever English the server sent', async () => {
    await i18n.changeLanguage('es');
    setCookie('csrf_token', 'i3');
    const unknownType = {
      ...dryRun.rows[1],
      line: 5,
      name: 'Tipo Raro',
      error: 'Unknown message type "weather"',
      error_code: 'unknown_type',
      error_params: { type: 'weather' },
    } as const;
    mockContactsApi({
      'GET /admin/api/sms-contacts': () => listResponse([contact()]),
      [IMPORT]: () => jsonResponse({ ...dryRun, rows: [...dryRun.rows, unknownType] }),
    });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Importar contactos' }));
    const file = new File([CSV], 'contacts.csv', { type: 'text/csv' });
    await user.upload(dialog.getByLabelText(/archivo CSV/), file);
    const badPhone = (await dialog.findByText('Bad Row')).closest('tr') as HTMLElement;
    expectShown(within(badPhone).getByText('Número de teléfono de EE. UU. no válido'));
    const badType = dialog.getByText('Tipo Raro').closest('tr') as HTMLElement;
    expectShown(within(badType).getByText('Tipo de mensaje desconocido «weather»'));
    expect(dialog.queryByText(/Invalid US phone|Unknown message type/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a file", async () => {
    setCookie('csrf_token', 'i2');
    mockContactsApi({
      'GET /admin/api/sms-contacts': () => listResponse([contact()]),
      [IMPORT]: () =>
        jsonResponse({ error: 'The CSV must have the columns name,phone,language,types.' }, 400),
    });
    renderApp('/admin/sms-contacts');
    const user = userEvent.setup({ delay: null });
    const dialog = await openImport(user);
    await user.upload(
      dialog.getByLabelText('Drag a CSV file here or click to choose one'),
      new File(['a,b\n1,2\n'], 'wrong.csv', { type: 'text/csv' }),
    );
    expectShown(await dialog.findByText('The CSV must have the columns name,phone,language,types.'));
  });
});
