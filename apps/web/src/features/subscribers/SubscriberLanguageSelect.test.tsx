// The subscriber pages' language: from the browser among the station's languages, switchable on
// the page, remembered for these pages only, apart from the staff interface's language.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { bodiesSentTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, mockSession, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { stationInfo } from './subscriber-test-helpers';

const LANGUAGES = [
  { id: 'l-en', language_code: 'en', display_name: 'English', native_name: 'English' },
  { id: 'l-ko', language_code: 'ko', display_name: 'Korean', native_name: '한국어' },
  { id: 'l-zh', language_code: 'zh', display_name: 'Chinese', native_name: '中文' },
];
const NAMES: Record<string, string> = { en: 'Emergency', ko: '긴급', zh: '紧急' };

/** The station's info as the server words it in `language`. */
function infoIn(language: string) {
  const info = stationInfo({ languages: LANGUAGES });
  return {
    ...info,
    message_types: info.message_types.map((type) =>
      type.message_type === 'emergency' ? { ...type, display_name: NAMES[language] ?? 'Emergency' } : type,
    ),
  };
}

function stationHandlers() {
  return Object.fromEntries(
    ['en', 'ko', 'zh', 'fr'].map((language) => [
      `GET /subscribe/demo/info?language=${language}`,
      () => jsonResponse(infoIn(language)),
    ]),
  );
}

function browserSpeaks(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('subscriber page language', () => {
  it("speaks the browser's language when the station does, and offers only the station's languages", async () => {
    browserSpeaks('ko-KR', 'en-US');
    mockSession(null, stationHandlers());
    renderApp('/join/demo');
    expectShown(await screen.findByRole('heading', { level: 1, name: '문자 알림 신청' }));
    expectShown(screen.getByRole('checkbox', { name: '긴급' }));
    expect(document.documentElement.lang).toBe('ko');
    const select = screen.getByRole('combobox', { name: '언어' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['English', '한국어', '中文']);
    expect(select).toHaveValue('ko');
    // The staff interface keeps its own language.
    expect(i18n.language).toBe('en');
  });

  it('switches on the page, asks for the types in that language, and remembers it', async () => {
    browserSpeaks('ko-KR');
    const fetchMock = mockSession(null, stationHandlers());
    const { unmount } = renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByRole('combobox', { name: '언어' }), '中文');
    expectShown(await screen.findByRole('heading', { level: 1, name: '订阅短信提醒' }));
    expectShown(await screen.findByRole('checkbox', { name: '紧急' }));
    expect(document.documentElement.lang).toBe('zh');
    expect(fetchMock.requests.map((sent) => sent.path)).toContain('/subscribe/demo/info?language=zh');
    expect(localStorage.getItem('subscriberLanguage')).toBe('zh');
    unmount();

    // The next visit, even to the unsubscribe page, opens in Chinese.
    renderApp('/unsubscribe/demo');
    expectShown(await screen.findByRole('heading', { level: 1, name: '退订短信提醒' }));
  });

  it("falls back to the station's primary language when it does not speak the browser's", async () => {
    browserSpeaks('fr-FR', 'de');
    mockSession(null, stationHandlers());
    renderApp('/join/demo');
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Subscribe to SMS Alerts' }));
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('is not moved by the staff interface language', async () => {
    browserSpeaks('en-US');
    await i18n.changeLanguage('es');
    mockSession(null, stationHandlers());
    renderApp('/join/demo');
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Subscribe to SMS Alerts' }));
  });

  it("words the server's refusal codes in the page's language, sending the consent in it", async () => {
    browserSpeaks('ko');
    setCookie('csrf_token', 'k1');
    const fetchMock = mockSession(null, {
      ...stationHandlers(),
      'POST /subscribe/demo/register': () =>
        jsonResponse(
          {
            error: 'Please wait 12 seconds before requesting a new code.',
            code: 'code_cooldown',
            params: { seconds: 12 },
          },
          429,
        ),
    });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^전화번호/), '4155550134');
    await user.click(screen.getByRole('checkbox', { name: '긴급' }));
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: '신청하기' }));
    expectShown(await screen.findByText('새 코드를 요청하려면 12초 기다려 주세요.'));
    expect(bodiesSentTo(fetchMock, 'POST', '/subscribe/demo/register')[0]).toMatchObject({
      consent_language: 'ko',
      message_types: [{ message_type: 'emergency', language: 'ko' }],
    });
  });

  it('shows the thank-you page in the chosen language', async () => {
    browserSpeaks('zh-CN');
    mockSession(null, stationHandlers());
    renderApp('/join/demo/thanks');
    expectShown(await screen.findByRole('heading', { level: 1, name: '订阅成功！' }));
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: '退订页面' })).toHaveAttribute('href', '/unsubscribe/demo');
    expectShown(main.getByText('如需随时停止，请回复我们的任意短信 STOP。'));
  });
});
