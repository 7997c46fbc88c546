// Station Logo: the current logo and a dropzone that uploads a png/jpg/jpeg of at most 1 MB at
// once (spec §5 Logo upload, §8 Settings); the admin top bar follows.
import '@mantine/dropzone/styles.css';
import { Alert, Center, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { LIMITS } from '@message-station/shared';
import { IconAlertCircle, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, serverErrorText } from '../../api/client';
import { DropzoneContent } from '../../components/DropzoneContent';
import { useUploadLogoMutation } from './queries';

const ACCEPTED_LOGO_TYPES = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] };
const ACCEPTED_EXTENSIONS = 'png, jpg, jpeg';
const MAX_MEGABYTES = LIMITS.logoMaxBytes / (1024 * 1024);

type TRejection = 'fileType' | 'fileSize';

function rejectionOf(rejections: FileRejection[]): TRejection {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  return codes.includes('file-too-large') ? 'fileSize' : 'fileType';
}

export function StationLogoUpload({ logoUrl, stationName }: { logoUrl: string | null; stationName: string }) {
  const { t } = useTranslation('settings');
  const upload = useUploadLogoMutation();
  const [rejection, setRejection] = useState<TRejection | null>(null);

  const uploadError = upload.isError
    ? upload.error instanceof ApiError && upload.error.status !== 0
      ? serverErrorText(upload.error, t('logo.uploadFailed'))
      : t('logo.uploadNetworkFailed')
    : null;

  const chooseLogo = (logo: File | undefined) => {
    setRejection(null);
    if (!logo) return;
    upload.mutate(logo, {
      onSuccess: () => notifications.show({ color: 'green', message: t('logo.uploaded') }),
    });
  };

  return (
    <Input.Wrapper
      label={t('logo.label')}
      description={t('logo.immediate')}
      error={
        rejection ? t(`logo.${rejection}`, { accepted: ACCEPTED_EXTENSIONS, size: MAX_MEGABYTES }) : undefined
      }
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Group align="stretch" gap="md" mt="xs" wrap="nowrap">
        <Paper withBorder p="xs" w={132} miw={132}>
          <Center h="100%">
            {logoUrl ? (
              <Image
                src={logoUrl}
                alt={t('logo.currentAlt')}
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
          style={{ flex: 1 }}
          accept={ACCEPTED_LOGO_TYPES}
          maxSize={LIMITS.logoMaxBytes}
          multiple={false}
          loading={upload.isPending}
          onDrop={(files) => chooseLogo(files[0])}
          onReject={(rejections) => {
            upload.reset();
            setRejection(rejectionOf(rejections));
          }}
          inputProps={{ 'aria-label': t('logo.drop') }}
        >
          <DropzoneContent
            minHeight={96}
            idleIcon={<IconPhoto size={40} color="var(--mantine-color-dimmed)" aria-hidden="true" />}
            title={t('logo.drop')}
            hint={t('logo.rules', { size: MAX_MEGABYTES })}
          />
        </Dropzone>
      </Group>
      {uploadError && (
        <Alert color="red" mt="sm" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          {uploadError}
        </Alert>
      )}
    </Input.Wrapper>
  );
}
