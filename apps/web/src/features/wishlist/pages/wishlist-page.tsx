import { Button, Stack, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/use-page-title';
import { CourseCard, CourseGrid, CourseGridItem } from '../../../components/course-card';
import { PagedList } from '../../../components/paged-list';
import { setWishlisted, wishlistKeys, wishlistQueries } from '../api';
import { CardHeart } from '../components/wishlist-button';

export default function WishlistPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...wishlistQueries.page(page), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: (courseId: number) => setWishlisted(courseId, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
  usePageTitle(t('wishlist.title'));
  return (
    <Stack gap="lg">
      <Title order={1} className="shell-page__title">
        {t('wishlist.title')}
      </Title>
      <PagedList
        list={list}
        texts="wishlist"
        page={page}
        onPage={setPage}
        emptyAction={
          <Button component={Link} to={paths.home}>
            {t('pdash.browse')}
          </Button>
        }
      >
        {(items) => (
          <CourseGrid label={t('wishlist.title')}>
            {items.map((course) => (
              <CourseGridItem key={course.id}>
                <CourseCard
                  course={course}
                  corner={<CardHeart course={course} wishlisted />}
                  footer={
                    <Button
                      variant="outline"
                      color="red.9"
                      size="sm"
                      loading={remove.isPending && remove.variables === course.id}
                      onClick={() => remove.mutate(course.id)}
                      aria-label={t('wishlist.removeCourse', { title: course.title })}
                    >
                      {t('wishlist.remove')}
                    </Button>
                  }
                />
              </CourseGridItem>
            ))}
          </CourseGrid>
        )}
      </PagedList>
    </Stack>
  );
}
