// A screenshot at full size in a modal that closes on a click on the image. Loaded on the first
// click on a thumbnail (Screenshot.tsx): the landing page's first load does without its code.
import { Modal, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../i18n/react';
import { SCREENSHOT_SIZE } from './screenshots';

type ScreenshotModalProps = {
  src: string;
  alt: string;
  opened: boolean;
  onClose: () => void;
};

const FULL_SIZE_STYLE: CSSProperties = { display: 'block', width: '100%', height: 'auto' };

export function ScreenshotModal({ src, alt, opened, onClose }: ScreenshotModalProps) {
  const { t } = useTranslation('landing');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={alt}
      size={SCREENSHOT_SIZE.width + 32}
      centered
      closeButtonProps={{ 'aria-label': t('screenshot.close') }}
    >
      <UnstyledButton
        onClick={onClose}
        aria-label={t('screenshot.closeImage')}
        display="block"
        w="100%"
        style={{ cursor: 'zoom-out' }}
      >
        <img
          src={src}
          alt={alt}
          width={SCREENSHOT_SIZE.width}
          height={SCREENSHOT_SIZE.height}
          style={FULL_SIZE_STYLE}
        />
      </UnstyledButton>
    </Modal>
  );
}
