// Honest coverage (decision 0050). This server translates offline with Apertium only (Spanish,
// French, Italian and Portuguese from English), so Korean has no engine:
//  - signup step 3 marks Korean "Needs setup", lets it be chosen and says what that means;
//  - Settings marks it the same way, and its coverage table says so;
//  - a visitor reading Korean still finds Korean on the join page, with one sentence in Korean
//    saying what arrives in Korean and what arrives in English;
//  - once the admin adds a DeepL key (the loopback fake) and marks it Trusted, Korean reads
//    "Trusted" in Settings and the join page has nothing more to say.
import { expect, test } from '@playwright/test';
import { giveOwnAddress, typePhone } from './helpers';

const DEEPL_KEY = process.env.E2E_DEEPL_KEY ?? 'e2e-deepl-key:fx';
const NEEDS_SETUP_NOTE =
  'No translation engine yet: only emergency templates reach Korean subscribers until you add an engine in Settings → Translation.';
const KOREAN_NOTE =
  '주요 긴급 경보(대피 명령, 실내 대피, 악천후)는 한국어로 받습니다. 그 밖의 메시지는 영어로 받으며, 한국어로 된 짧은 안내가 함께 옵니다.';
const ENGLISH_NOTE =
  'Common emergency alerts (evacuation, shelter in place, severe weather) arrive in Korean. Other messages arrive in English, with a short note in Korean.';

test.describe('language coverage', () => {
  test('Korean needs setup at signup and in Settings; a Korean visitor is told what arrives in Korean until a trusted engine covers it', async ({
    page,
    browser,
  }) => {
    const run = Date.now();
    const stationName = `Coverage ${run}`;
    const email = `coverage-${run}@e2e.test`;
    const password = 'coverage-pass-2025';
    const phoneDigits = `415559${String(run).slice(-4)}`;
    await giveOwnAddress(page.context());

    // 1–2: account and identity.
    await page.goto('/signup');
    await page.getByLabel(/^Full Name/).fill('Kim Coverage');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Billing Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm Password/).fill(password);
    await page.getByLabel(/^Phone Number/).pressSequentially(phoneDigits);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/^Station Name/).fill(stationName);
    await page.getByRole('button', { name: 'Continue' }).click();

    // 3: every language says what this server can do for it, from English.
    await expect(page.getByText('For messages written in English.', { exact: false })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'English' })).toHaveAccessibleDescription(
      'Primary language',
    );
    await expect(page.getByRole('checkbox', { name: /^Spanish/ })).toHaveAccessibleDescription(
      'Translated — needs review',
    );
    const korean = page.getByRole('checkbox', { name: /^Korean/ });
    await expect(korean).toHaveAccessibleDescription('Needs setup');
    await expect(page.getByText(NEEDS_SETUP_NOTE)).toHaveCount(0);
    // Chosen anyway, with the plain note.
    await page.getByRole('checkbox', { name: /^Spanish/ }).check();
    await korean.check();
    await expect(page.getByText(NEEDS_SETUP_NOTE)).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    // 4–6: types, terms, the code.
    await expect(page.getByRole('heading', { name: 'Message types' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('checkbox', { name: /I have read and agree to the Terms of Service/ }).check();
    // The bot check before the code is texted (decision 0054): solved in the browser.
    await page.getByRole('checkbox', { name: /not a robot/i }).click();
    await expect(page.getByText(/verified/i).first()).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Accept & Continue' }).click();
    const notice = page.getByText(/Test mode: your code is \d{6}/);
    await expect(notice).toBeVisible();
    const code = /\d{6}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
    await page.getByLabel('Digit 1 of the verification code').click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Settings: the same marks on the station's languages, and the note for Korean.
    await page.goto('/admin/settings');
    await expect(page.getByRole('checkbox', { name: /^Korean/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /^Korean/ })).toHaveAccessibleDescription('Needs setup');
    await expect(page.getByRole('checkbox', { name: /^Spanish/ })).toHaveAccessibleDescription(
      'Offline engine — needs review',
    );
    await expect(page.getByText(NEEDS_SETUP_NOTE)).toBeVisible();
    await page.getByRole('tab', { name: 'Translation' }).click();
    const coverage = page.getByRole('table');
    await expect(coverage.getByRole('row', { name: /^Korean/ })).toContainText('No engineNeeds setup');
    await expect(coverage.getByRole('row', { name: /^Spanish/ })).toContainText(
      'Apertium (this server)Offline engine — needs review',
    );
    const slug = new URL(
      (await page.request.get('/admin/api/station/settings').then((r) => r.json())).join_url as string,
    ).pathname.split('/')[2] as string;

    // A visitor whose browser reads Korean: Korean is on offer, with what arrives in it, in Korean.
    const visitorContext = await browser.newContext({
      locale: 'ko-KR',
      extraHTTPHeaders: { 'x-forwarded-for': `192.168.250.${(run % 200) + 1}` },
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/join/${slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: '문자 알림 신청' })).toBeVisible();
    const note = visitor.locator('[data-coverage-note="ko"]');
    await expect(note).toContainText(KOREAN_NOTE);
    await expect(note).toContainText('한국어');
    await typePhone(visitor.getByLabel(/^전화번호/), `628556${String(run).slice(-4)}`);
    await visitor.getByRole('checkbox', { name: '긴급', exact: true }).check();
    const receiveIn = visitor.getByLabel('긴급: 받을 언어');
    await expect(receiveIn).toHaveValue('ko');
    await expect(receiveIn.locator('option')).toHaveText(['English', 'Español', '한국어']);
    // Spanish has an engine and English is the station's own: nothing to say for them.
    await receiveIn.selectOption('es');
    await expect(visitor.locator('[data-coverage-note]')).toHaveCount(0);
    await receiveIn.selectOption('ko');
    await expect(note).toBeVisible();
    // Subscribing in Korean works as for any language.
    // The consent sentence (the server's, in Korean) names the station.
    await visitor.getByRole('checkbox', { name: new RegExp(stationName) }).check();
    await visitor.getByRole('button', { name: '신청하기', exact: true }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: '인증 코드 입력' })).toBeVisible();

    // An English reader who picks Korean for a type reads it in English, and in Korean.
    const reader = await (
      await browser.newContext({
        locale: 'en-US',
        extraHTTPHeaders: { 'x-forwarded-for': `192.168.251.${(run % 200) + 1}` },
      })
    ).newPage();
    await reader.goto(`/join/${slug}`);
    await expect(reader.getByRole('heading', { level: 1, name: 'Subscribe to SMS Alerts' })).toBeVisible();
    await expect(reader.locator('[data-coverage-note]')).toHaveCount(0);
    await reader.getByRole('checkbox', { name: 'Emergency', exact: true }).check();
    await reader.getByLabel('Emergency: receive in').selectOption('ko');
    const both = reader.locator('[data-coverage-note="ko"]');
    await expect(both).toContainText(ENGLISH_NOTE);
    await expect(both.locator('[lang="ko"]').filter({ hasText: KOREAN_NOTE })).toBeVisible();
    await reader.context().close();

    // The admin adds the station's DeepL key and marks it Trusted.
    await page.getByRole('combobox', { name: 'Add an engine' }).click();
    await page.getByRole('option', { name: 'DeepL' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const deepl = page.getByRole('region', { name: 'DeepL' });
    await deepl.getByLabel(/^API key/).fill(DEEPL_KEY);
    const trusted = deepl.getByRole('switch', { name: 'Trusted' });
    await expect(trusted).not.toBeChecked();
    await trusted.check({ force: true });
    await page.getByRole('button', { name: 'Save translation engines' }).click();
    await expect(page.getByText('Translation engines saved.')).toBeVisible();
    await expect(coverage.getByRole('row', { name: /^Korean/ })).toContainText('DeepL (your station)Trusted');

    // Settings' languages follow; the join page has nothing more to say about Korean.
    await page.getByRole('tab', { name: 'Station Branding' }).click();
    await expect(page.getByRole('checkbox', { name: /^Korean/ })).toHaveAccessibleDescription(
      'Trusted engine',
    );
    await expect(page.getByText(NEEDS_SETUP_NOTE)).toHaveCount(0);
    await visitor.goto(`/join/${slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: '문자 알림 신청' })).toBeVisible();
    await expect(visitor.locator('[data-coverage-note]')).toHaveCount(0);
    await visitorContext.close();
  });
});
