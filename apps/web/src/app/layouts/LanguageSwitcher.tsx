// English/Spanish switcher. Its accessible name starts with "Language" in both languages, so it
// can always be found again after switching, and goes on with the language it shows ("Language:
// Español"): the name holds the visible text (WCAG 2.5.3 Label in Name).
//
// The menu (Mantine's Menu with Floating UI, about a tenth of the start's code) loads when the
// pointer or the focus first reaches the button, so no page pays for it before anyone reaches for
// it (bench:weight). Until the first click the button is a plain one that looks the same; the
// click swaps in the menu, opened.
import { Button, type ButtonProps, Text } from '@mantine/core';
import { LANGUAGES } from '@message-station/shared/catalogue';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, forwardRef, useState } from 'react';
import { setAccountLanguage } from '../../api/account';
import { currentLanguage, SUPPORTED_LANGUAGES, type TUiLanguage } from '../../i18n';
import { useTranslation } from '../../i18n/react';

export const UI_LANGUAGES = SUPPORTED_LANGUAGES.map((code) => ({
  code,
  label: LANGUAGES.find((language) => language.code === code)?.nativeName ?? code,
}));

/** The button's accessible name: "Language", then the language it shows, when known. */
export function languageButtonName(activeLabel: string | undefined): string {
  return activeLabel ? `Language: ${activeLabel}` : 'Language';
}

type TLanguageButtonProps = ButtonProps & ComponentPropsWithoutRef<'button'>;

/** The button that opens the menu, the same before and after the menu's code has loaded. */
export const LanguageButton = forwardRef<HTMLButtonElement, TLanguageButtonProps>(
  function LanguageButton(props, ref) {
    const active = currentLanguage();
    const activeLabel = UI_LANGUAGES.find((language) => language.code === active)?.label;
    return (
      <Button
        ref={ref}
        variant="subtle"
        color="gray"
        px="xs"
        aria-label={languageButtonName(activeLabel)}
        leftSection={<IconLanguage size={18} aria-hidden="true" />}
        rightSection={<IconChevronDown size={14} aria-hidden="true" />}
        // Phones get the icon only: the header must also fit the login button and the menu.
        styles={{ section: { marginInline: 4 } }}
        {...props}
      >
        <Text component="span" fz="sm" fw={500} visibleFrom="sm">
          {activeLabel}
        </Text>
      </Button>
    );
  },
);

type TMenuModule = typeof import('./LanguageMenu');
let menuLoading: Promise<TMenuModule> | null = null;

/** The menu's code, fetched once; a failed fetch (offline a moment) is tried again next time. */
function loadMenu(): Promise<TMenuModule> {
  menuLoading ??= import('./LanguageMenu').catch((error: unknown) => {
    menuLoading = null;
    throw error;
  });
  return menuLoading;
}

/** Fetches the menu's code ahead of a click; a failure here is left to the click to meet. */
function preloadMenu() {
  loadMenu().catch(() => undefined);
}

/** `forAccount`: a signed-in user's choice is also kept on their account (emails follow it). */
export function LanguageSwitcher({ forAccount = false }: { forAccount?: boolean }) {
  const { i18n } = useTranslation();
  const [menu, setMenu] = useState<TMenuModule | null>(null);

  const choose = (code: TUiLanguage) => {
    const active = currentLanguage();
    void i18n.changeLanguage(code);
    // A preference: the page switches whether or not the server could keep it.
    if (forAccount && code !== active) void setAccountLanguage(code).catch(() => undefined);
  };

  // The menu replaces the plain button only once the click is over, opened: no press or click
  // can land on a button that is being swapped. Pointer and focus only fetch its code early.
  if (menu) return <menu.LanguageMenu onChoose={choose} />;
  return (
    <LanguageButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      // Offline, the click does nothing and the next one tries again.
      onClick={() => loadMenu().then(setMenu, () => undefined)}
    />
  );
}
