// The browser's system as the Download page reads it: navigator.userAgent and, where the browser
// has it, navigator.userAgentData.platform. Stubs for one test: setup.ts restores the user agent
// spy, and a test file that stubs the hint calls restoreBrowserSystem after each test.
import { vi } from 'vitest';

export const USER_AGENTS = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
} as const;

let hinted = false;

/** Takes away the userAgentData a test gave the browser. */
export function restoreBrowserSystem() {
  if (hinted) Reflect.deleteProperty(window.navigator, 'userAgentData');
  hinted = false;
}

/** This browser's user agent, and optionally its userAgentData.platform (Chromium's client hint). */
export function stubBrowserSystem(userAgent: string, platformHint?: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  if (platformHint !== undefined) {
    Object.defineProperty(window.navigator, 'userAgentData', {
      configurable: true,
      value: { platform: platformHint },
    });
    hinted = true;
  }
}
