import type { TGlossary } from '@message-station/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { expectShown } from '../../../test/shown';
import { bodiesSentTo, mockSettingsApi } from '../settings-test-helpers';

const GLOSSARY = '/admin/api/settings/glossary';
const ENGINES = { engines: [], operator_engines: ['apertium'], coverage: { from: 'en', languages: [] } };

async function openGlossary(saved: TGlossary, handlers: Parameters<typeof mockSettingsApi>[0] = {}) {
  const api = mockSettingsApi({
    'GET /admin/api/settings/translation': () => jsonResponse(ENGINES),
    [`GET ${GLOSSARY}`]: () => jsonResponse(saved),
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  renderApp('/admin/settings');
  await user.click(await screen.findByRole('tab', { name: 'Translation' }));
  const section = within(await screen.findByRole('region', { name: 'Glossary' }));
  return { api, user, section };
}

describe('Settings: Translation: Glossary', () => {
  it("adds a term kept as written and one with the station's Spanish words, and saves them on their own", async () => {
    const saved = {
      terms: [
        { term: 'Oak Avenue', translations: {} },
        { term: 'Lincoln High School', translations: { es: 'Escuela Secundaria Lincoln' } },
      ],
    };
    const { api, user, section } = await openGlossary(
      { terms: [] },
      { [`PUT ${GLOSSARY}`]: () => jsonResponse(saved) },
    );
    expectShown(
      await section.findByText('No terms yet. Add the names your messages use, such as streets and schools.'),
    );
    const save = section.getByRole('button', { name: 'Save glossary' });
    expect(save).toBeDisabled();

    await user.click(section.getByRole('button', { name: 'Add term' }));
    await user.type(section.getByRole('textbox', { name: 'Term 1' }), 'Oak Avenue');
    await user.click(section.getByRole('button', { name: 'Add term' }));
    await user.type(section.getByRole('textbox', { name: 'Term 2' }), 'Lincoln High School');
    // The station's languages other than the primary (settings helpers: en, es, fr).
    expect(section.getByRole('textbox', { name: 'Oak Avenue in French' })).toHaveAttribute(
      'placeholder',
      'Keep as written',
    );
    await user.type(
      section.getByRole('textbox', { name: 'Lincoln High School in Spanish' }),
      'Escuela Secundaria Lincoln',
    );
    await user.click(save);

    expectShown(await section.findByText('Glossary saved. The next translations use it.'));
    expect(bodiesSentTo(api, 'PUT', GLOSSARY)).toEqual([
      {
        terms: [
          { term: 'Oak Avenue', translations: {} },
          { term: 'Lincoln High School', translations: { es: 'Escuela Secundaria Lincoln' } },
        ],
      },
    ]);
    // The Settings page's Save bar sends nothing for the glossary.
    expect(bodiesSentTo(api, 'PUT', '/admin/api/station/settings')).toEqual([]);
  });

  it('removes a term and shows a refusal in words', async () => {
    const { api, user, section } = await openGlossary(
      {
        terms: [
          { term: 'KQED', translations: {} },
          { term: 'Oak Avenue', translations: {} },
        ],
      },
      {
        [`PUT ${GLOSSARY}`]: () =>
          jsonResponse(
            {
              error: '"oak avenue" is in the glossary twice; each term can be listed once.',
              code: 'glossary_term_twice',
              params: { term: 'oak avenue' },
            },
            400,
          ),
      },
    );
    await user.click(await section.findByRole('button', { name: 'Remove KQED' }));
    expect(section.queryByRole('textbox', { name: 'KQED in Spanish' })).not.toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Save glossary' }));
    expectShown(
      await section.findByText(
        'The glossary was not saved: "oak avenue" is in the glossary twice; each term can be listed once.',
      ),
    );
    expect(bodiesSentTo(api, 'PUT', GLOSSARY)).toEqual([
      { terms: [{ term: 'Oak Avenue', translations: {} }] },
    ]);
  });
});
