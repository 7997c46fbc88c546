// Which product screenshots the marketing pages show; the files are produced into /screenshots by a script.

/** Every screenshot is captured at this size; width and height on <img> reserve the space before it loads. */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

/** Web dashboard screenshots, in the order a station meets the screens. `key` names their texts. */
export const DASHBOARD_SCREENSHOTS = [
  { key: 'dashboard', file: 'dashboard.png' },
  { key: 'messages', file: 'messages.png' },
  { key: 'messageDetail', file: 'message-detail.png' },
  { key: 'smsContacts', file: 'sms-contacts.png' },
  { key: 'join', file: 'join.png' },
  { key: 'settings', file: 'settings.png' },
] as const;

/** The desktop app's screens: its local status page, captured by scripts/marketing-screenshots.mjs from a real agent. */
export const DESKTOP_SCREENSHOTS: readonly { key: 'status'; file: string }[] = [
  { key: 'status', file: 'desktop-agent-status.png' },
];

export function screenshotUrl(file: string): string {
  return `/screenshots/${file}`;
}
