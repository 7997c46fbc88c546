// A button that opens a Stripe Payment Link in a new tab; without a link set up, a disabled button
// and the reason under it.
import { Button, type ButtonVariant, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type PaymentLinkButtonProps = {
  /** From `stationPaymentLink`: null when the link is not set up. */
  href: string | null;
  variant: ButtonVariant;
  missingText: string;
  children: ReactNode;
};

export function PaymentLinkButton({ href, variant, missingText, children }: PaymentLinkButtonProps) {
  if (!href) {
    return (
      <>
        <Button disabled>{children}</Button>
        <Text fz="xs" c="dimmed">
          {missingText}
        </Text>
      </>
    );
  }
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant={variant}
      rightSection={<IconExternalLink size={16} aria-hidden="true" />}
    >
      {children}
    </Button>
  );
}
