// Optional station logo for step 3: png/jpg/jpeg up to 1 MB, previewed here, uploaded after verification.
import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { LIMITS } from '@message-station/shared';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropzoneContent } from '../../components/DropzoneContent';

const ACCEPTED_LOGO_TYPES = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] };
const ACCEPTED_EXTENSIONS = 'png, jpg, jpeg';
const MAX_MEGABYTES = LIMITS.logoMaxBytes / (1024 * 1024);

type LogoDropzoneProps = { logo: File | null; onChange: (logo: File | null) => void };

type TRejection = { key: 'fileType' | 'fileSize' };

function rejectionOf(rejections: FileRejection[]): TRejection {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  return { key: codes.includes('file-too-large') ? 'fileSize' : 'fileType' };
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

export function LogoDropzone({ logo, onChange }: LogoDropzoneProps) {
  const { t } = useTranslation('registration');
  const [rejection, setRejection] = useState<TRejection | null>(null);
  const previewUrl = useObjectUrl(logo);
  const errorText = rejection
    ? t(`branding.${rejection.key}`, { accepted: ACCEPTED_EXTENSIONS, size: MAX_MEGABYTES })
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
          accept={ACCEPTED_LOGO_TYPES}
          maxSize={LIMITS.logoMaxBytes}
          multiple={false}
          onDrop={(files) => {
            setRejection(null);
            onChange(files[0] ?? null);
          }}
          onReject={(rejections) => setRejection(rejectionOf(rejections))}
          inputProps={{ 'aria-label': t('branding.logo') }}
        >
          <DropzoneContent
            minHeight={96}
            idleIcon={<IconPhoto size={40} color="var(--mantine-color-dimmed)" aria-hidden="true" />}
            title={t('branding.logoDrop')}
            hint={t('branding.logoRules', { size: MAX_MEGABYTES })}
          />
        </Dropzone>
      )}
    </Input.Wrapper>
  );
}
