import { Group, Image, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react';

type BrandMarkProps = {
  /** Hide the product name below this breakpoint (the logo stays). */
  nameVisibleFrom?: 'xs' | 'sm';
  logoSize?: number;
};

/** The product logo followed by its name (decorative: the surrounding link carries the name). */
export function BrandMark({ nameVisibleFrom, logoSize = 36 }: BrandMarkProps) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <Image src="/logo.svg" alt="" w={logoSize} h={logoSize} />
      <Text
        component="span"
        fw={600}
        fz="lg"
        c="dark.8"
        visibleFrom={nameVisibleFrom}
        style={{ whiteSpace: 'nowrap' }}
      >
        {t('brand.name')}
      </Text>
    </Group>
  );
}
