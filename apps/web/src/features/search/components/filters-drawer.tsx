import { useEffect, useState, type ReactNode } from 'react';
import { Button, Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The search filters on phones, in a drawer from the end side, with a "Show results" button at the foot. In a module
 * of its own, loaded when the Filters button is first pressed: the Drawer's code (focus trap, scroll lock) is shared
 * with the site menu's drawer and no visitor needs it before (docs/decisions/012). Escape closes it and the focus
 * goes back to the button (Mantine's returnFocus).
 */
export default function FiltersDrawer({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  // Mounted closed, then opened: the first press mounts this module already open, and Mantine takes the element to
  // give the focus back to only when `opened` turns true.
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(opened), [opened]);
  return (
    <Drawer
      opened={shown}
      onClose={onClose}
      id="search-filters"
      // Mantine swaps the sides in right-to-left: 'right' is the end side in both directions.
      position="right"
      size="20rem"
      title={t('search.filters')}
      closeButtonProps={{ 'aria-label': t('search.filters.close') }}
      data-testid="search-filters-drawer"
    >
      {children}
      <Button fullWidth mt="md" onClick={onClose} data-testid="search-filters-show">
        {t('search.filters.show')}
      </Button>
    </Drawer>
  );
}
