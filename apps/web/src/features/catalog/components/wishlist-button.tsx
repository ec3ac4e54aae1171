import { ActionIcon, Button } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fetchWishlistIds, setWishlisted } from '../../../api/wishlist';
import { paths } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { loginWithReturn } from '../../../app/return-to';

export const WISHLIST_IDS_KEY = ['wishlist-ids'] as const;

/**
 * The heart: participants toggle it; visitors are sent to sign in and come back to the course;
 * instructors and admins do not see it. `initial` is what the details page already knows.
 */
export function WishlistButton({ courseId, courseTitle, initial, compact = false }: { courseId: number; courseTitle: string; initial?: boolean | undefined; compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const participant = useSession('participant');
  const instructor = useSession('instructor');
  const admin = useSession('admin');
  const ids = useQuery({ queryKey: [...WISHLIST_IDS_KEY, participant?.localId], queryFn: fetchWishlistIds, enabled: !!participant && initial === undefined });
  const toggle = useMutation({
    mutationFn: (next: boolean) => setWishlisted(courseId, next),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WISHLIST_IDS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['course-details', courseId] });
      void queryClient.invalidateQueries({ queryKey: ['wishlist'] });
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
    <Button variant={known ? 'light' : 'outline'} color="red.9" leftSection={heart} aria-pressed={known} onClick={onClick} loading={toggle.isPending} data-testid="wishlist-toggle">
      {t(known ? 'catalog.wishlist.saved' : 'catalog.wishlist.save')}
    </Button>
  );
}
