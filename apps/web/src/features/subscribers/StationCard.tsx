// Frame of the join and unsubscribe pages: a card tinted with the station's brand colour,
// with its logo, display name and the page's title.
import { Box, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { TStationPublicInfo } from '@message-station/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title';
import { safeColor } from './station-brand';

type StationCardProps = {
  station: TStationPublicInfo['station'];
  title: string;
  children: ReactNode;
};

export function StationCard({ station, title, children }: StationCardProps) {
  const { t } = useTranslation('subscribers');
  const brand = safeColor(station.brand_color);
  useDocumentTitle(`${title} · ${station.display_name}`);
  return (
    <Container size={560} px={{ base: 'xs', xs: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="sm" radius="md" style={{ overflow: 'hidden' }}>
        <Box
          px={{ base: 'md', sm: 'xl' }}
          py="md"
          style={{
            borderTop: `6px solid ${brand}`,
            background: `color-mix(in srgb, ${brand} 9%, var(--mantine-color-body))`,
          }}
        >
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
              <Text fw={700} fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {station.display_name}
              </Text>
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }} lh={1.25}>
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
