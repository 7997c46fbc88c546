// A subscriber whose browser reads Korean (then one reading Chinese) joins a station that speaks
// English, Korean and Chinese: every page of the join is in their language, and no English
// sentence of the subscriber pages is on screen at any step.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { typePhone } from './helpers';

const english: unknown = JSON.parse(
  readFileSync(new URL('../src/locales/en/subscribers.json', import.meta.url), 'utf8'),
);

/** Every English sentence the subscriber pages can show, leaves of en/subscribers.json. */
function englishTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(englishTexts);
  return [];
}

/** The parts of each English text around its placeholders and tags, long enough to be words. */
const ENGLISH_FRAGMENTS = [
  ...new Set(
    englishTexts(english)
      .flatMap((text) => text.split(/\{\{[^}]+\}\}|<[^>]+>/))
      .map((part) => part.trim())
      .filter((part) => /[A-Za-z]{3}/.test(part) && part !== 'Message Station'),
  ),
];

/** Fails on any English subscriber text on screen; the station's own name is not ours to translate. */
async function expectNoEnglish(page: Page, stationName: string) {
  const shown = (await page.locator('body').innerText()).replaceAll(stationName, '');
  const found = ENGLISH_FRAGMENTS.filter((fragment) => shown.includes(fragment));
  expect(found, `English on screen at ${page.url()}`).toEqual([]);
}

function uniqueDigits(offset: number): string {
  return `628555${String((Date.now() + offset * 7919) % 10_000).padStart(4, '0')}`;
}

type TJourney = {
  locale: string;
  /** Texts of the pages in that language, as the subscriber reads them. */
  words: {
    joinTitle: string;
    phone: RegExp;
    emergency: string;
    subscribe: string;
    verifyTitle: string;
    testCode: RegExp;
    digit1: string;
    verify: string;
    thanksTitle: string;
    stop: string;
    unsubscribeLink: string;
    unsubscribeTitle: string;
  };
};

const JOURNEYS: TJourney[] = [
  {
    locale: 'ko-KR',
    words: {
      joinTitle: '문자 알림 신청',
      phone: /^전화번호/,
      emergency: '긴급',
      subscribe: '신청하기',
      verifyTitle: '인증 코드 입력',
      testCode: /테스트 모드: 코드는 (\d{6})입니다/,
      digit1: '인증 코드 1번째 자리',
      verify: '인증하기',
      thanksTitle: '신청이 완료되었습니다!',
      stop: '언제든지 받은 메시지에 STOP이라고 답장하면 수신이 중단됩니다.',
      unsubscribeLink: '수신 거부 페이지',
      unsubscribeTitle: '문자 알림 수신 거부',
    },
  },
  {
    locale: 'zh-CN',
    words: {
      joinTitle: '订阅短信提醒',
      phone: /^手机号码/,
      emergency: '紧急',
      subscribe: '订阅',
      verifyTitle: '输入验证码',
      testCode: /测试模式：您的验证码是 (\d{6})/,
      digit1: '验证码第 1 位',
      verify: '验证',
      thanksTitle: '订阅成功！',
      stop: '如需随时停止，请回复我们的任意短信 STOP。',
      unsubscribeLink: '退订页面',
      unsubscribeTitle: '退订短信提醒',
    },
  },
];

for (const [index, { locale, words }] of JOURNEYS.entries()) {
  test.describe(`a subscriber reading ${locale}`, () => {
    // A station of its own (fixtures.ts) speaking English, Korean and Chinese.
    test.use({ locale, stationOptions: { languages: ['en', 'ko', 'zh'], smsEnabled: false } });

    test('joins, verifies and reads the thank-you page in their language, with no English on screen', async ({
      page,
      station,
    }) => {
      await page.goto(`/join/${station.id}`);
      await expect(page.getByRole('heading', { level: 1, name: words.joinTitle })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      // Only the station's languages, each under its own name.
      const switcher = page.getByRole('combobox').first();
      await expect(switcher.locator('option')).toHaveText(['English', '한국어', '中文']);
      await expectNoEnglish(page, station.displayName);

      await typePhone(page.getByLabel(words.phone), uniqueDigits(index + 11));
      await page.getByRole('checkbox', { name: words.emergency, exact: true }).check();
      // The consent sentence comes from the server, in the page's language too.
      await page.getByRole('checkbox', { name: new RegExp(station.displayName) }).check();
      await expectNoEnglish(page, station.displayName);
      await page.getByRole('button', { name: words.subscribe, exact: true }).click();

      await expect(page.getByRole('heading', { level: 1, name: words.verifyTitle })).toBeVisible();
      const notice = page.getByText(words.testCode);
      await expect(notice).toBeVisible();
      const code = words.testCode.exec((await notice.textContent()) ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      await expectNoEnglish(page, station.displayName);
      await page.getByLabel(words.digit1).click();
      await page.keyboard.type(code);
      await page.getByRole('button', { name: words.verify, exact: true }).click();

      await expect(page.getByRole('heading', { level: 1, name: words.thanksTitle })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/join/${station.id}/thanks$`));
      await expect(page.getByRole('listitem').filter({ hasText: words.emergency })).toBeVisible();
      await expect(page.getByText(words.stop)).toBeVisible();
      await expectNoEnglish(page, station.displayName);

      // The thank-you page's link leads to the station's unsubscribe page, still in their language.
      await page.getByRole('link', { name: words.unsubscribeLink }).click();
      await expect(page.getByRole('heading', { level: 1, name: words.unsubscribeTitle })).toBeVisible();
      await expectNoEnglish(page, station.displayName);
    });
  });
}
