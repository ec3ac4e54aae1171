import type { ReactNode } from 'react';
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The narrow screens' menu drawer, in a module of its own: Mantine's Drawer brings its focus trap,
 * scroll lock and scroll area (about 30 KB of gzipped script), which no visitor needs until the
 * menu button is pressed, so the public pages load it then (docs/decisions/012).
 */
export default function SiteMenuDrawer({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      id="site-menu"
      // Mantine swaps the sides in right-to-left: 'left' is the start side in both directions.
      position="left"
      size="18rem"
      title={t('nav.main')}
      closeButtonProps={{ 'aria-label': t('shell.menu.close') }}
      data-testid="site-menu"
    >
      {children}
    </Drawer>
  );
}
