// A legal page's table of contents: a side list of links on wide screens, a section jump menu
// on small ones.
import { Anchor, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { jumpToSection, type TLegalSection } from './legal-section';

type LegalContentsProps = { sections: readonly TLegalSection[] };

export function SectionJumpMenu({ sections }: LegalContentsProps) {
  const { t } = useTranslation('legal');
  const [chosen, setChosen] = useState('');
  return (
    <NativeSelect
      label={t('jumpTo')}
      value={chosen}
      onChange={(event) => {
        setChosen(event.currentTarget.value);
        jumpToSection(event.currentTarget.value);
      }}
      data={[
        { value: '', label: t('chooseSection'), disabled: true },
        ...sections.map((section, index) => ({ value: section.id, label: `${index + 1}. ${section.title}` })),
      ]}
    />
  );
}

export function SectionList({ sections }: LegalContentsProps) {
  const { t } = useTranslation('legal');
  return (
    <Stack component="nav" aria-label={t('contents')} gap={6} pos="sticky" top={88}>
      <Text fw={600} fz="sm" tt="uppercase" c="dimmed">
        {t('contents')}
      </Text>
      {sections.map((section, index) => (
        <Anchor
          key={section.id}
          href={`#${section.id}`}
          fz="sm"
          c="dark.5"
          onClick={(event) => {
            event.preventDefault();
            jumpToSection(section.id);
          }}
        >
          {index + 1}. {section.title}
        </Anchor>
      ))}
    </Stack>
  );
}
