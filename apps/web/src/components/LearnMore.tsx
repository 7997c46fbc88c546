// Help text in two steps (docs/design.md "Help text", decision 0085): a field or section says one
// short sentence; the longer explanation waits behind "Learn more", which shows it in place, inline
// (so it may sit inside an input's description paragraph), and "Show less" hides it again.
import { Anchor } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../i18n/react';

/** The short sentence is the caller's; `children` is the rest, shown on request. */
export function LearnMore({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      {open && (
        <span id={id} data-learn-more>
          {' '}
          {children}
        </span>
      )}{' '}
      <Anchor
        component="button"
        type="button"
        fz="inherit"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t(open ? 'help.less' : 'help.more')}
      </Anchor>
    </>
  );
}

/** A short sentence with its Learn more. */
export function HelpText({ short, more }: { short: ReactNode; more: ReactNode }) {
  return (
    <>
      {short}
      <LearnMore>{more}</LearnMore>
    </>
  );
}
