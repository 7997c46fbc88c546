// Shown when a route throws, e.g. a page's code chunk is gone after a new deploy.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from '../i18n/react';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={480} ta="center">
        <Title order={1}>{t('error.title')}</Title>
        <Text c="dimmed">{t('error.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
      </Stack>
    </Center>
  );
}
