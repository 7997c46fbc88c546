// A product screenshot that opens full size in a modal and closes on click; a missing image hides itself.
import { Box, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { BODY_TEXT_COLOR } from './marketing-facts';
import { SCREENSHOT_SIZE, screenshotUrl } from './screenshots';

// The modal's code (focus trap, scroll lock, transitions) loads when a thumbnail is pointed at,
// focused or clicked, not with the page.
const loadScreenshotModal = () => import('./ScreenshotModal');
const ScreenshotModal = lazy(() =>
  loadScreenshotModal().then((module) => ({ default: module.ScreenshotModal })),
);
const preloadScreenshotModal = () => {
  void loadScreenshotModal();
};

type ScreenshotProps = {
  file: string;
  alt: string;
  caption?: string;
  /** Above the fold: load at once rather than when scrolled near. */
  eager?: boolean;
};

const THUMBNAIL_STYLE: CSSProperties = {
  display: 'block',
  width: '100%',
  height: 'auto',
  borderRadius: 'var(--mantine-radius-md)',
  border: '1px solid var(--mantine-color-gray-3)',
  boxShadow: 'var(--mantine-shadow-md)',
};

export function Screenshot({ file, alt, caption, eager = false }: ScreenshotProps) {
  const { t } = useTranslation('landing');
  const [opened, modal] = useDisclosure(false);
  // Stays mounted once opened, so the modal's closing transition can play.
  const [everOpened, setEverOpened] = useState(false);
  // Screenshots are generated separately; until they exist, show the page without broken images.
  const [missing, setMissing] = useState(false);
  if (missing) return null;

  const src = screenshotUrl(file);
  return (
    <Box component="figure" m={0}>
      <UnstyledButton
        onClick={() => {
          setEverOpened(true);
          modal.open();
        }}
        onPointerEnter={preloadScreenshotModal}
        onFocus={preloadScreenshotModal}
        aria-label={t('screenshot.enlarge', { name: alt })}
        aria-haspopup="dialog"
        display="block"
        w="100%"
        style={{ cursor: 'zoom-in', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <img
          src={src}
          alt={alt}
          width={SCREENSHOT_SIZE.width}
          height={SCREENSHOT_SIZE.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setMissing(true)}
          style={THUMBNAIL_STYLE}
        />
      </UnstyledButton>
      {caption && (
        <Text component="figcaption" c={BODY_TEXT_COLOR} fz="sm" mt="sm">
          {caption}
        </Text>
      )}
      {everOpened && (
        <Suspense fallback={null}>
          <ScreenshotModal src={src} alt={alt} opened={opened} onClose={modal.close} />
        </Suspense>
      )}
    </Box>
  );
}
