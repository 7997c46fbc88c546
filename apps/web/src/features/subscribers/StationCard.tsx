// Frame of the join, thanks and unsubscribe pages: a card tinted with the station's brand colour,
// with its logo, display name, the page's title and the switch between the station's languages.
import { Box, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { TStationPublicInfo } from '@message-station/shared';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../components/use-document-title';
import { useTranslation } from '../../i18n/react';
import { safeColor } from '../../lib/station-brand';
import { SubscriberLanguageSelect } from './SubscriberLanguageSelect';
import { useStationLanguages } from './subscriber-language';

type StationCardProps = {
  station: TStationPublicInfo['station'];
  title: string;
  children: ReactNode;
};

export function StationCard({ station, title, children }: StationCardProps) {
  const { t } = useTranslation('subscribers');
  const brand = safeColor(station.brand_color);
  useDocumentTitle(`${title} · ${station.display_name}`);
  useStationLanguages(station.languages.map((language) => language.language_code));
  return (
    <Container size={560} px={{ base: 'xs', xs: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="xs" radius="lg" style={{ overflow: 'hidden' }}>
        <Box
          px={{ base: 'md', sm: 'xl' }}
          py="md"
          style={{
            borderTop: `6px solid ${brand}`,
            background: `color-mix(in srgb, ${brand} 9%, var(--mantine-color-body))`,
          }}
        >
          {station.languages.length > 1 && (
            <Group justify="flex-end" mb="xs">
              <SubscriberLanguageSelect languages={station.languages} />
            </Group>
          )}
          <Group wrap="nowrap" gap="md">
            {station.logo_url && (
              <Image
                src={station.logo_url}
                alt={t('station.logoAlt', { station: station.display_name })}
                h={56}
                w="auto"
                maw={112}
                fit="contain"
                radius="sm"
              />
            )}
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {station.display_name}
              </Text>
              <Title order={1} fz="h2" lh={1.25}>
                {title}
              </Title>
            </Stack>
          </Group>
        </Box>
        <Stack p={{ base: 'md', sm: 'xl' }} gap="lg">
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
