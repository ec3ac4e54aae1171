import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CourseCardListScreen } from '../../../components/course-list-screen';
import { setWishlisted, wishlistKeys, wishlistQueries } from '../api';
import { CardHeart } from '../components/wishlist-button';

export default function WishlistPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (courseId: number) => setWishlisted(courseId, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
  return (
    <CourseCardListScreen
      texts="wishlist"
      query={wishlistQueries.page}
      corner={(course) => <CardHeart course={course} wishlisted />}
      footer={(course) => (
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
      )}
    />
  );
}
