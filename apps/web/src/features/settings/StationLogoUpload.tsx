// Station Logo: the current logo and a dropzone for a png/jpg/jpeg of at most 1 MB. Like every
// other setting on the page, a chosen logo is only previewed
// until Save Station Branding uploads it; leaving the page without saving discards it.
import '@mantine/dropzone/styles.css';
import { Button, Center, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { DropzoneContent } from '../../components/DropzoneContent';
import { LOGO_FILE, logoRejection, type TLogoRejection } from '../../components/logo-file';
import { useObjectUrl } from '../../components/use-object-url';
import { useTranslation } from '../../i18n/react';

type StationLogoUploadProps = {
  /** The saved logo's address, or null without one. */
  logoUrl: string | null;
  stationName: string;
  /** The logo chosen since the last save, uploaded by Save Station Branding. */
  chosen: File | undefined;
  onChoose: (logo: File | undefined) => void;
};

export function StationLogoUpload({ logoUrl, stationName, chosen, onChoose }: StationLogoUploadProps) {
  const { t } = useTranslation('settings');
  const [rejection, setRejection] = useState<TLogoRejection | null>(null);
  const preview = useObjectUrl(chosen);

  return (
    <Input.Wrapper
      label={t('logo.label')}
      error={
        rejection
          ? t(`logo.${rejection}`, { accepted: LOGO_FILE.extensions, size: LOGO_FILE.maxMegabytes })
          : undefined
      }
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Group align="stretch" gap="md" mt="xs" wrap="nowrap">
        <Paper withBorder p="xs" w={132} miw={132}>
          <Center h="100%">
            {preview || logoUrl ? (
              <Image
                src={preview ?? logoUrl}
                alt={preview ? t('logo.chosenAlt') : t('logo.currentAlt')}
                title={stationName}
                w={112}
                h={112}
                fit="contain"
              />
            ) : (
              <Stack gap={4} align="center" ta="center">
                <IconPhoto size={32} color="var(--mantine-color-dimmed)" aria-hidden="true" />
                <Text fz="xs" c="dimmed">
                  {t('logo.none')}
                </Text>
              </Stack>
            )}
          </Center>
        </Paper>
        <Dropzone
          style={{ flex: 1, minWidth: 0 }}
          accept={LOGO_FILE.types}
          maxSize={LOGO_FILE.maxBytes}
          multiple={false}
          onDrop={(files) => {
            setRejection(null);
            if (files[0]) onChoose(files[0]);
          }}
          onReject={(rejections) => setRejection(logoRejection(rejections))}
          inputProps={{ 'aria-label': t('logo.drop') }}
        >
          <DropzoneContent
            minHeight={96}
            idleIcon={<IconPhoto size={40} color="var(--mantine-color-dimmed)" aria-hidden="true" />}
            title={t('logo.drop')}
            hint={t('logo.rules', { size: LOGO_FILE.maxMegabytes })}
          />
        </Dropzone>
      </Group>
      {chosen && (
        <Group gap="sm" mt="sm" role="status">
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('logo.chosen', { file: chosen.name })}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => onChoose(undefined)}>
            {t('logo.discard')}
          </Button>
        </Group>
      )}
    </Input.Wrapper>
  );
}
