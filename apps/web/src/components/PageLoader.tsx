import { Box, Container, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../i18n/react';

/**
 * Shown while the session or a page's code is loading: the shape of a page (a title, a line under
 * it, a card) in skeletons rather than a spinner, so the page that follows does not jump in.
 */
export function PageLoader({
  fullScreen = false,
  contained = false,
}: {
  fullScreen?: boolean;
  /** In a centred column with the page padding, as public pages are (PublicPage). */
  contained?: boolean;
}) {
  const { t } = useTranslation();
  const shape = (
    <Stack gap="md" aria-hidden="true">
      <Skeleton h={28} w="40%" maw={320} radius="sm" />
      <Skeleton h={14} w="60%" maw={520} radius="sm" />
      <Box mt="sm" p="lg" bd="1px solid var(--mantine-color-gray-2)" bdrs="lg" bg="var(--mantine-color-body)">
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={12} w="30%" radius="sm" />
            <Skeleton h={12} w="20%" radius="sm" />
          </Group>
          <Skeleton h={12} radius="sm" />
          <Skeleton h={12} w="85%" radius="sm" />
          <Skeleton h={12} w="70%" radius="sm" />
        </Stack>
      </Box>
    </Stack>
  );
  return (
    <Box mih={fullScreen ? '100vh' : '40vh'} role="status" aria-live="polite">
      {fullScreen || contained ? (
        <Container size="lg" py="xl">
          {shape}
        </Container>
      ) : (
        shape
      )}
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Box>
  );
}
