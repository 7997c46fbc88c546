// Public site footer: four link columns, copyright, developed-by line and app version. On a phone
// the brand sits above the columns (two a row) and the bottom line stacks: nothing is squeezed.
import {
  Anchor,
  Box,
  Container,
  Divider,
  Flex,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { APP_VERSION } from '@message-station/shared/catalogue';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { useTranslation } from '../../i18n/react';
import { EXTERNAL_LINKS } from '../external-links';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={8} miw={0}>
      <Title order={2} fz="sm" tt="uppercase" c="gray.7" style={{ letterSpacing: '0.04em' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    // A list of links, not links in running text: underlined on hover.
    <Anchor component={Link} to={to} c="dark.6" fz="sm" underline="hover">
      {children}
    </Anchor>
  );
}

type ExternalFooterLinkProps = { href: string; children: ReactNode; dimmed?: boolean };

function ExternalFooterLink({ href, children, dimmed = false }: ExternalFooterLinkProps) {
  const { t } = useTranslation();
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      c={dimmed ? 'gray.7' : 'dark.6'}
      fz="sm"
      underline="hover"
    >
      <Group component="span" gap={4} wrap="nowrap">
        {children}
        <IconExternalLink size={14} aria-hidden="true" />
        <VisuallyHidden>{t('footer.opensInNewTab')}</VisuallyHidden>
      </Group>
    </Anchor>
  );
}

export function PublicFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  return (
    <Box
      component="footer"
      bg="gray.0"
      mt="auto"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg" py="xl">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" align="flex-start" gap="xl">
          <Stack gap="xs" maw={280}>
            <BrandMark />
            <Text c="gray.7" fz="sm">
              {t('footer.tagline')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl" verticalSpacing="lg" w="100%" maw={720}>
            <FooterColumn title={t('footer.product')}>
              <FooterLink to="/#pricing">{t('footer.pricing')}</FooterLink>
              <FooterLink to="/#features">{t('footer.features')}</FooterLink>
              <FooterLink to="/signup">{t('footer.createStation')}</FooterLink>
              <FooterLink to="/admin/login">{t('footer.login')}</FooterLink>
            </FooterColumn>
            <FooterColumn title={t('footer.legal')}>
              <FooterLink to="/privacy">{t('footer.privacy')}</FooterLink>
              <FooterLink to="/terms">{t('footer.terms')}</FooterLink>
            </FooterColumn>
            <FooterColumn title={t('footer.support')}>
              <FooterLink to="/contact">{t('footer.contactSupport')}</FooterLink>
              <FooterLink to="/docs">{t('footer.documentation')}</FooterLink>
            </FooterColumn>
            <FooterColumn title={t('footer.company')}>
              <FooterLink to="/press-release">{t('footer.press')}</FooterLink>
              {EXTERNAL_LINKS.about && (
                <ExternalFooterLink href={EXTERNAL_LINKS.about}>{t('footer.about')}</ExternalFooterLink>
              )}
            </FooterColumn>
          </SimpleGrid>
        </Flex>

        <Divider my="lg" />

        <Flex
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'flex-start', sm: 'center' }}
          gap="xs"
        >
          <Text fz="xs" c="gray.7">
            {t('footer.copyright', { year })}
          </Text>
          {EXTERNAL_LINKS.about ? (
            <ExternalFooterLink href={EXTERNAL_LINKS.about} dimmed>
              <Text component="span" fz="xs">
                {t('footer.developedBy')}
              </Text>
            </ExternalFooterLink>
          ) : (
            <Text fz="xs" c="gray.7">
              {t('footer.developedBy')}
            </Text>
          )}
          <Text fz="xs" c="gray.7">
            {t('footer.version', { version: APP_VERSION })}
          </Text>
        </Flex>
      </Container>
    </Box>
  );
}
