// The join page keeps a language no engine covers on offer and says, in the reader's language,
// what arrives in it (decision 0050): a Korean visitor of an English station without a Korean
// engine reads it in Korean before ticking anything; an English reader who picks Korean for a type
// reads it in English and in Korean; a covered language or the primary one gets no note.
import type { TStationPublicInfo } from '@message-station/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockSession, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { stationInfo } from './subscriber-test-helpers';

const LANGUAGES: TStationPublicInfo['station']['languages'] = [
  { id: 'l-en', language_code: 'en', display_name: 'English', native_name: 'English', coverage: 'primary' },
  { id: 'l-es', language_code: 'es', display_name: 'Spanish', native_name: 'Español', coverage: 'review' },
  { id: 'l-ko', language_code: 'ko', display_name: 'Korean', native_name: '한국어', coverage: 'needs_setup' },
];

const KOREAN_NOTE =
  '주요 긴급 경보(대피 명령, 실내 대피, 악천후)는 한국어로 받습니다. 그 밖의 메시지는 영어로 받으며, 한국어로 된 짧은 안내가 함께 옵니다.';
const ENGLISH_NOTE =
  'Common emergency alerts (evacuation, shelter in place, severe weather) arrive in Korean. Other messages arrive in English, with a short note in Korean.';

function notes() {
  return Array.from(document.querySelectorAll('[data-coverage-note]'));
}

describe('Join page: a language that needs setup', () => {
  it('tells a Korean visitor in Korean what arrives in Korean, before and after choosing', async () => {
    localStorage.setItem('subscriberLanguage', 'ko');
    mockSession(null, {
      'GET /subscribe/demo/info?language=ko': () => jsonResponse(stationInfo({ languages: LANGUAGES })),
    });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: '문자 알림 신청' });
    // Every type starts in the page's language: the note is there before anything is ticked.
    expectShown(screen.getByText(KOREAN_NOTE));
    expect(notes().map((note) => note.getAttribute('data-coverage-note'))).toEqual(['ko']);
    expect(within(notes()[0] as HTMLElement).getByText('한국어')).toHaveAttribute('lang', 'ko');
    // Korean stays on offer.
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    const select = screen.getByLabelText('Emergency: 받을 언어') as HTMLSelectElement;
    expect(select).toHaveValue('ko');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Español', '한국어']);
    expect(notes()).toHaveLength(1);
    // English, or Spanish (covered by an engine): nothing to note.
    await user.selectOptions(select, 'es');
    expect(notes()).toHaveLength(0);
    await user.selectOptions(select, 'en');
    expect(notes()).toHaveLength(0);
  });

  it('tells an English reader who picks Korean in English, and in Korean for the person who will read the texts', async () => {
    mockSession(null, {
      'GET /subscribe/demo/info?language=en': () => jsonResponse(stationInfo({ languages: LANGUAGES })),
    });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Subscribe to SMS Alerts' });
    expect(notes()).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    await user.click(screen.getByRole('checkbox', { name: 'Alert' }));
    await user.selectOptions(screen.getByLabelText('Emergency: receive in'), 'ko');
    await user.selectOptions(screen.getByLabelText('Alert: receive in'), 'ko');
    // One note for Korean, however many types chose it.
    expect(notes()).toHaveLength(1);
    expectShown(screen.getByText(ENGLISH_NOTE));
    const korean = await screen.findByText(KOREAN_NOTE);
    expectShown(korean);
    expect(korean).toHaveAttribute('lang', 'ko');
  });

  it('says nothing for a station whose languages are all covered (or without coverage in its info)', async () => {
    mockSession(null, { 'GET /subscribe/demo/info?language=en': () => jsonResponse(stationInfo()) });
    renderApp('/join/demo');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Subscribe to SMS Alerts' });
    await user.click(screen.getByRole('checkbox', { name: 'Emergency' }));
    await user.selectOptions(screen.getByLabelText('Emergency: receive in'), 'es');
    expect(notes()).toHaveLength(0);
  });
});
