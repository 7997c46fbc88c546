// Public site header: brand, main links (a hamburger menu below 1200px), language, login or back home.
import { Anchor, Box, Burger, Button, Collapse, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { useTranslation } from '../../i18n/react';
import { LanguageSwitcher } from './LanguageSwitcher';

export type PublicHeaderVariant = 'default' | 'minimal';

const NAV_LINKS = [
  { to: '/platform-overview', key: 'platformOverview' },
  { to: '/#features', key: 'features' },
  { to: '/#pricing', key: 'pricing' },
  { to: '/signup', key: 'createStation' },
  { to: '/contact', key: 'contact' },
] as const;

const MOBILE_NAV_ID = 'public-mobile-nav';

export function PublicHeader({ variant = 'default' }: { variant?: PublicHeaderVariant }) {
  const { t } = useTranslation();
  const [menuOpened, menu] = useDisclosure(false);
  const isDefault = variant === 'default';

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="white"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg" h={64} px={{ base: 'sm', sm: 'md' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to="/" underline="never" aria-label={t('brand.name')}>
            <BrandMark nameVisibleFrom="xs" />
          </Anchor>

          {isDefault && (
            <Group component="nav" aria-label={t('nav.mainLabel')} gap="lg" wrap="nowrap" visibleFrom="lg">
              {NAV_LINKS.map((link) => (
                <Anchor
                  key={link.key}
                  component={Link}
                  to={link.to}
                  c="dark.6"
                  fw={500}
                  fz="sm"
                  // A list of links in the header, not links in running text: underlined on hover.
                  underline="hover"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {t(`nav.${link.key}`)}
                </Anchor>
              ))}
            </Group>
          )}

          <Group gap={6} wrap="nowrap">
            <LanguageSwitcher />
            {isDefault ? (
              <Button component={Link} to="/admin/login" size="sm" px="md" color="blue.8">
                {t('header.stationLogin')}
              </Button>
            ) : (
              <Button
                component={Link}
                to="/"
                variant="default"
                size="sm"
                leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
              >
                {t('header.backToHome')}
              </Button>
            )}
            {isDefault && (
              <Burger
                opened={menuOpened}
                onClick={menu.toggle}
                size="sm"
                hiddenFrom="lg"
                aria-label={t('nav.toggle')}
                aria-expanded={menuOpened}
                aria-controls={MOBILE_NAV_ID}
              />
            )}
          </Group>
        </Group>
      </Container>

      {isDefault && (
        <Collapse expanded={menuOpened} hiddenFrom="lg">
          <Box
            component="nav"
            id={MOBILE_NAV_ID}
            aria-label={t('nav.mobileLabel')}
            bg="white"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={0} py="xs">
              {NAV_LINKS.map((link) => (
                <Anchor
                  key={link.key}
                  component={Link}
                  to={link.to}
                  onClick={menu.close}
                  c="dark.7"
                  fw={500}
                  px="md"
                  py="sm"
                  underline="never"
                >
                  {t(`nav.${link.key}`)}
                </Anchor>
              ))}
            </Stack>
          </Box>
        </Collapse>
      )}
    </Box>
  );
}
