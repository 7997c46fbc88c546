// Frame of every public page: header, the page, footer.
import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { PublicFooter } from './PublicFooter';
import { PublicHeader, type PublicHeaderVariant } from './PublicHeader';

type PublicLayoutProps = {
  variant?: PublicHeaderVariant;
  withFooter?: boolean;
};

export function PublicLayout({ variant = 'default', withFooter = true }: PublicLayoutProps) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader variant={variant} />
      <Box component="main" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader contained />}>
          <Outlet />
        </Suspense>
      </Box>
      {withFooter && <PublicFooter />}
    </Box>
  );
}
