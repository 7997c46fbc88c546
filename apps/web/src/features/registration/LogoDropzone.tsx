// Optional station logo for step 3: png/jpg/jpeg up to 1 MB, previewed here, uploaded after verification.
import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DropzoneContent } from '../../components/DropzoneContent';
import { LOGO_FILE, logoRejection, type TLogoRejection } from '../../components/logo-file';
import { useObjectUrl } from '../../components/use-object-url';
import { useTranslation } from '../../i18n/react';

type LogoDropzoneProps = { logo: File | null; onChange: (logo: File | null) => void };

type TRejection = { key: TLogoRejection };

export function LogoDropzone({ logo, onChange }: LogoDropzoneProps) {
  const { t } = useTranslation('registration');
  const [rejection, setRejection] = useState<TRejection | null>(null);
  const previewUrl = useObjectUrl(logo);
  const errorText = rejection
    ? t(`branding.${rejection.key}`, { accepted: LOGO_FILE.extensions, size: LOGO_FILE.maxMegabytes })
    : undefined;

  return (
    <Input.Wrapper label={t('branding.logo')} error={errorText}>
      {logo && previewUrl ? (
        <Paper withBorder p="sm" mt={4}>
          <Group wrap="nowrap" gap="md">
            <Image
              src={previewUrl}
              alt={t('branding.logoPreviewAlt')}
              w={72}
              h={72}
              fit="contain"
              radius="sm"
            />
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Text fw={500} truncate>
                {logo.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('branding.logoUploadedLater')}
              </Text>
            </Stack>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => onChange(null)}
            >
              {t('branding.logoRemove')}
            </Button>
          </Group>
        </Paper>
      ) : (
        <Dropzone
          mt={4}
          accept={LOGO_FILE.types}
          maxSize={LOGO_FILE.maxBytes}
          multiple={false}
          onDrop={(files) => {
            setRejection(null);
            onChange(files[0] ?? null);
          }}
          onReject={(rejections) => setRejection({ key: logoRejection(rejections) })}
          inputProps={{ 'aria-label': t('branding.logo') }}
        >
          <DropzoneContent
            minHeight={96}
            idleIcon={<IconPhoto size={40} color="var(--mantine-color-dimmed)" aria-hidden="true" />}
            title={t('branding.logoDrop')}
            hint={t('branding.logoRules', { size: LOGO_FILE.maxMegabytes })}
          />
        </Dropzone>
      )}
    </Input.Wrapper>
  );
}
