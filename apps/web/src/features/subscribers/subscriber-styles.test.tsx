import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import { classesStyledBy, renderedMantineClasses } from '../../test/mantine-classes';
import { jsonResponse, mockSession, renderApp } from '../../test/render-app';
import { registerReply, stationInfo } from './subscriber-test-helpers';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('subscriber page styles', () => {
  it('style, with the first-paint styles, every Mantine component of the join, verify, thanks and unsubscribe pages', async () => {
    const styled = new Set([
      ...classesStyledBy(path.join(here, '../../app/first-paint-styles.ts')),
      ...classesStyledBy(path.join(here, 'subscriber-styles.ts')),
    ]);
    const rendered = new Set<string>();
    const collect = () => {
      for (const name of renderedMantineClasses()) rendered.add(name);
    };
    setCookie('csrf_token', 's1');
    mockSession(null, {
      'GET /subscribe/demo/info': () => jsonResponse(stationInfo({ logo_url: '/uploads/logo.png' })),
      'POST /subscribe/demo/register': () => jsonResponse(registerReply({ test_code: '482913' })),
      'POST /subscribe/demo/verify': () => jsonResponse({ ok: true, message: 'Subscribed.' }),
      'POST /subscribe/demo/unsubscribe': () => jsonResponse({ ok: true, message: 'Done.' }),
    });
    const user = userEvent.setup({ delay: null });
    const join = renderApp('/join/demo');
    // The form with its errors, a chosen alert type's language, then the code form and its errors.
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    await screen.findByText('Please select at least one alert type');
    collect();
    await user.type(screen.getByLabelText(/^Phone Number/), '4155550134');
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    collect();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    await screen.findByText('Please enter the 6-digit verification code');
    collect();
    await user.click(screen.getByLabelText('Digit 1 of the verification code'));
    await user.keyboard('482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: "You're Subscribed!" });
    collect();
    join.unmount();

    renderApp('/unsubscribe/demo');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    await user.type(screen.getByLabelText(/^Phone Number/), '4155550134');
    collect();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await screen.findByRole('heading', { level: 1, name: "You're Unsubscribed" });
    collect();

    expect(rendered.size).toBeGreaterThan(20);
    expect([...rendered].filter((name) => !styled.has(name))).toEqual([]);
  });
});
