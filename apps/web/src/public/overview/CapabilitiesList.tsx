// The platform's capabilities as a checked list, on the platform overview page.
import { Box, Container, List, SimpleGrid, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';

const CAPABILITIES = [
  'languages',
  'sms',
  'quietHours',
  'speech',
  'export',
  'types',
  'live',
  'branding',
  'team',
  'billing',
  'privacy',
] as const;

// Two columns on wide screens: split the list once, in order, rather than by CSS columns that reflow.
const HALF = Math.ceil(CAPABILITIES.length / 2);
const COLUMNS = [CAPABILITIES.slice(0, HALF), CAPABILITIES.slice(HALF)];

export function CapabilitiesList() {
  const { t } = useTranslation('landing');
  const checkIcon = (
    <ThemeIcon size={22} radius="xl" color="teal.8">
      <IconCheck size={14} aria-hidden="true" />
    </ThemeIcon>
  );
  return (
    <Box component="section" aria-labelledby="capabilities-heading" py={{ base: 40, sm: 56 }}>
      <Container size="lg">
        <Title order={2} id="capabilities-heading" mb="lg">
          {t('overview.capabilities.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="sm">
          {COLUMNS.map((column) => (
            <List key={column[0]} spacing="sm" icon={checkIcon}>
              {column.map((key) => (
                <List.Item key={key}>{t(`overview.capabilities.${key}`)}</List.Item>
              ))}
            </List>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
