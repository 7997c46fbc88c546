// Who uses Message Station: the six kinds of station the product is built for.
import { Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAmbulance,
  IconBuildingBank,
  IconBuildingHospital,
  IconRadio,
  IconSchool,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { LandingSection } from './LandingSection';
import { BODY_TEXT_COLOR } from './marketing-facts';

const USE_CASES = [
  { key: 'radio', icon: IconRadio },
  { key: 'schools', icon: IconSchool },
  { key: 'hospitals', icon: IconBuildingHospital },
  { key: 'agencies', icon: IconBuildingBank },
  { key: 'emergency', icon: IconAmbulance },
  { key: 'community', icon: IconUsersGroup },
] as const;

export function UseCasesSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection
      name="use-cases"
      title={t('useCases.title')}
      subtitle={t('useCases.subtitle')}
      background="gray.0"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl" verticalSpacing="xl">
        {USE_CASES.map(({ key, icon: Icon }) => (
          <Group key={key} align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={40} radius="xl" variant="white" style={{ flexShrink: 0 }}>
              <Icon size={22} aria-hidden="true" />
            </ThemeIcon>
            <Stack gap={4}>
              <Title order={3} fz="lg">
                {t(`useCases.${key}.title`)}
              </Title>
              <Text c={BODY_TEXT_COLOR} fz="sm">
                {t(`useCases.${key}.text`)}
              </Text>
            </Stack>
          </Group>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
