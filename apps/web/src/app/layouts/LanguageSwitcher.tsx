// English/Spanish switcher. Its accessible name stays "Language" in both languages so it can
// always be found again after switching.
import { Button, Menu, Text } from '@mantine/core';
import { LANGUAGES } from '@message-station/shared';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setAccountLanguage } from '../../api/account';
import { currentLanguage, SUPPORTED_LANGUAGES, type TUiLanguage } from '../../i18n';

const UI_LANGUAGES = SUPPORTED_LANGUAGES.map((code) => ({
  code,
  label: LANGUAGES.find((language) => language.code === code)?.nativeName ?? code,
}));

/** `forAccount`: a signed-in user's choice is also kept on their account (emails follow it). */
export function LanguageSwitcher({ forAccount = false }: { forAccount?: boolean }) {
  const { i18n } = useTranslation();
  const active = currentLanguage();
  const activeLabel = UI_LANGUAGES.find((language) => language.code === active)?.label;

  const choose = (code: TUiLanguage) => {
    void i18n.changeLanguage(code);
    // A preference: the page switches whether or not the server could keep it.
    if (forAccount && code !== active) void setAccountLanguage(code).catch(() => undefined);
  };

  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          aria-label="Language"
          leftSection={<IconLanguage size={18} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          // Phones get the icon only: the header must also fit the login button and the menu.
          styles={{ section: { marginInline: 4 } }}
        >
          <Text component="span" fz="sm" fw={500} visibleFrom="sm">
            {activeLabel}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {UI_LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            onClick={() => choose(language.code)}
            rightSection={language.code === active ? <IconCheck size={16} aria-hidden="true" /> : null}
          >
            {language.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
