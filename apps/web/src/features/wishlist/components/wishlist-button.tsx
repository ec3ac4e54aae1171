import { ActionIcon, Button } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseCard } from '@nibras/contract';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { loginWithReturn } from '../../../lib/return-to';
import { setWishlisted, wishlistKeys, wishlistQueries } from '../api';
import '../wishlist.css';

export interface WishlistButtonProps {
  courseId: number;
  courseTitle: string;
  /** What the screen already knows (the details page); unknown: the participant's wishlist decides. */
  initial?: boolean | undefined;
  compact?: boolean;
  /** After a toggle, for the screen to refresh what it shows about the course. */
  onChange?: () => void;
}

/**
 * The heart: participants toggle it; visitors are sent to sign in and come back to the course;
 * instructors and admins do not see it.
 */
export function WishlistButton({ courseId, courseTitle, initial, compact = false, onChange }: WishlistButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const participant = useSession('participant');
  const instructor = useSession('instructor');
  const admin = useSession('admin');
  const ids = useQuery({ ...wishlistQueries.ids(), enabled: !!participant && initial === undefined });
  const toggle = useMutation({
    mutationFn: (next: boolean) => setWishlisted(courseId, next),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
      onChange?.();
    },
  });
  if ((instructor || admin) && !participant) return null;

  const known = toggle.isPending ? toggle.variables : toggle.data ? toggle.data.wishlisted : (initial ?? ids.data?.has(courseId) ?? false);
  const onClick = () => {
    if (!participant) {
      void navigate(loginWithReturn(paths.login('participant'), paths.courseDetails(courseId)));
      return;
    }
    toggle.mutate(!known);
  };
  const label = t(known ? 'catalog.wishlist.remove' : 'catalog.wishlist.add', { title: courseTitle });
  const heart = <span aria-hidden="true" className="wishlist-heart">{known ? '♥' : '♡'}</span>;
  if (compact) {
    return (
      <ActionIcon variant="white" radius="xl" size="lg" aria-label={label} aria-pressed={known} onClick={onClick} loading={toggle.isPending} data-testid="wishlist-toggle" color="red">
        {heart}
      </ActionIcon>
    );
  }
  return (
    // Saved is a filled button: the light variant's tinted background was as dark as its label.
    <Button variant={known ? 'filled' : 'outline'} color="red.9" leftSection={heart} aria-pressed={known} onClick={onClick} loading={toggle.isPending} data-testid="wishlist-toggle">
      {t(known ? 'catalog.wishlist.saved' : 'catalog.wishlist.save')}
    </Button>
  );
}

/** The compact heart on a course card's corner. */
export function CardHeart({ course, wishlisted }: { course: Pick<CourseCard, 'id' | 'title'>; wishlisted?: boolean }) {
  return <WishlistButton courseId={course.id} courseTitle={course.title} initial={wishlisted} compact />;
}
