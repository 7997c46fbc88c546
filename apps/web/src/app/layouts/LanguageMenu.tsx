// The language switcher's menu: its code is fetched when the pointer or the focus first reaches
// the button, and it replaces the plain button on that button's first click (LanguageSwitcher.tsx).
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { currentLanguage, type TUiLanguage } from '../../i18n';
import { LanguageButton, UI_LANGUAGES } from './LanguageSwitcher';

type TLanguageMenuProps = { onChoose: (code: TUiLanguage) => void };

/**
 * Opens as soon as it is on the page: it replaces the plain button on that button's first click.
 * Its own button takes the focus first, so that closing the menu gives the focus back to it (the
 * menu returns it to whatever had it when it opened; the plain button is gone by then).
 */
export function LanguageMenu({ onChoose }: TLanguageMenuProps) {
  const active = currentLanguage();
  const trigger = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    trigger.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Menu position="bottom-end" shadow="md" width={160} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <LanguageButton ref={trigger} />
      </Menu.Target>
      <Menu.Dropdown>
        {UI_LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            onClick={() => onChoose(language.code)}
            rightSection={language.code === active ? <IconCheck size={16} aria-hidden="true" /> : null}
          >
            {language.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
