// Add Contact checks with the server's schema for a new contact (ZAddContactDetails, decision
// 0068): a refusal shows under its field by the server's code, in the interface language.
import { TEXT_LIMITS } from '@message-station/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { codeText } from '../../api/error-words';
import i18n from '../../i18n';
import { setCookie } from '../../test/cookies';
import { renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { callsTo, contact, listResponse, mockContactsApi } from '../../test/sms-contacts-test-helpers';

const word = (key: string) => (i18n.t as unknown as (key: string) => string)(key);

async function openAddContact() {
  setCookie('csrf_token', 'ac1');
  const fetchMock = mockContactsApi({ 'GET /admin/api/sms-contacts': () => listResponse([contact()]) });
  renderApp('/admin/sms-contacts');
  const user = userEvent.setup({ delay: null });
  await screen.findByText('Maria Lopez');
  await user.click(screen.getByRole('button', { name: word('smsContacts:addContact') }));
  const dialog = within(await screen.findByRole('dialog', { name: word('smsContacts:add.title') }));
  return { user, dialog, fetchMock };
}

describe('Add Contact', () => {
  it('refuses in Spanish what the server refuses, by its code, and sends nothing', async () => {
    await i18n.changeLanguage('es');
    const { user, dialog, fetchMock } = await openAddContact();
    // Longer than the field takes (a paste the input's limit did not stop): the schema refuses it.
    fireEvent.change(dialog.getByLabelText(word('smsContacts:add.name')), {
      target: { value: 'N'.repeat(TEXT_LIMITS.name + 1) },
    });
    await user.type(dialog.getByLabelText(new RegExp(`^${word('smsContacts:add.phone')}`)), '4155550111');
    await user.click(dialog.getByRole('button', { name: word('smsContacts:add.submit') }));

    const tooLong = `«Nombre» debe tener como máximo ${TEXT_LIMITS.name} caracteres.`;
    expectShown(await dialog.findByText(tooLong));
    expect(codeText('field_too_long', { field: 'Name', max: TEXT_LIMITS.name })).toBe(tooLong);
    // contact_consent_required (the schema) and alert_type_required (the service), as the API words them.
    expect(codeText('contact_consent_required', {})).toBe(
      'Confirme que esta persona aceptó recibir alertas por SMS.',
    );
    expectShown(dialog.getByText(codeText('contact_consent_required', {}) ?? ''));
    expectShown(dialog.getByText(codeText('alert_type_required', {}) ?? ''));
    expect(callsTo(fetchMock, 'POST', '/admin/api/sms-contacts')).toHaveLength(0);
  });
});
