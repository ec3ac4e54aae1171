import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Page links under a list; hidden when everything fits on one page. */
export function ListPager({ page, perPage, total, onChange }: { page: number; perPage: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`mycourses.pager.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('mycourses.pager.page', { page: item }) })}
      />
    </Group>
  );
}
