import { useEffect, useRef, useState, type ReactNode } from 'react';
import { COVER_WIDTHS, type CourseCard as CourseCardData } from '@nibras/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { formatDuration, formatNumber, formatMoney } from '../lib/format';
import { FactIcon } from './fact-icons';
import { Highlighted } from './highlighted';
import { SkeletonLine } from './skeleton';
import './course-card.css';

export interface CourseCardProps {
  course: CourseCardData;
  /** Extra content under the card's facts (progress, an order's status, a remove button…). */
  footer?: ReactNode;
  /** Search match ranges ([start, end) UTF-16 indices) to wrap in <mark>. */
  highlight?: { title: [number, number][]; subtitle: [number, number][] };
  /** Drawn on the cover's corner: the wishlist heart, from the screen that shows the card. */
  corner?: ReactNode;
  /**
   * A card at the top of its page (the first of a category or of search results): its cover is in the HTML the
   * server draws and asked for first, since it is the page's largest paint on a phone (docs/decisions/018).
   */
  first?: boolean;
}

/**
 * How far outside the screen a card's cover starts downloading: about a screen's height below, and half a
 * row's width to either side once the row itself is near (scrollMargin, where the browser knows it).
 */
const COVER_MARGIN = { rootMargin: '100% 0px', scrollMargin: '0px 50%' } as IntersectionObserverInit;

/**
 * A card's cover, asked for once the card comes near the screen. The browser's own loading="lazy" starts
 * every cover within 1,250 px or more, sideways in a phone's scrolling rows too: on a phone's first visit of
 * the home page that was every cover of both rows, 240 KB of the demo's 540 (issue 26, point 9). The box
 * keeps its 16:9 size meanwhile (course-card.css), so nothing moves when the picture comes.
 */
function CardCover({ src, first = false }: { src: string; first?: boolean }) {
  const box = useRef<HTMLSpanElement>(null);
  // The same at first on the server and in the browser: the HTML it draws (docs/decisions/018) is what the browser's first render finds.
  const [near, setNear] = useState(first);
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, COVER_MARGIN);
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (first) return <img src={src} srcSet={coverSrcSet(src)} sizes={CARD_COVER_SIZES} alt="" fetchPriority="high" />;
  return near ? <img src={src} srcSet={coverSrcSet(src)} sizes={CARD_COVER_SIZES} alt="" loading="lazy" /> : <span ref={box} className="course-card__cover-wait" aria-hidden="true" />;
}

/**
 * The server's WebP copies of a cover (`?w=`, COVER_WIDTHS: docs/decisions/019), for `srcset`: the browser takes the
 * narrowest that fills the picture's box at the screen's density, so a phone's card loads a 400 px copy instead of
 * the uploaded file.
 */
export const coverSrcSet = (src: string) => COVER_WIDTHS.map((width) => `${src}?w=${width} ${width}w`).join(', ');

/** How wide a card's cover is drawn: nearly the screen's width on a phone (one column, or a row's card), about 20rem in a grid. */
const CARD_COVER_SIZES = '(max-width: 40em) 92vw, 20rem';

/** One course as every list shows it; the title links to its details page. */
export function CourseCard({ course, footer, highlight, corner, first }: CourseCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const titleId = `course-card-${course.id}-title`;
  return (
    <article className="course-card" aria-labelledby={titleId} data-testid="course-card">
      <div className="course-card__cover">
        {course.coverImage ? (
          <CardCover src={course.coverImage} first={first} />
        ) : (
          <div className="course-card__placeholder" aria-hidden="true">
            <span dir="auto">{[...course.title.trim()][0] ?? ''}</span>
          </div>
        )}
        {corner ? <div className="course-card__heart">{corner}</div> : null}
      </div>
      <div className="course-card__body">
        {course.category ? (
          <span className="course-card__category" dir="auto">
            {language === 'ar' ? course.category.name_ar : course.category.name_en}
          </span>
        ) : null}
        <h3 className="course-card__title" id={titleId}>
          <Link to={paths.courseDetails(course.id)} dir="auto" className="course-card__link">
            <Highlighted text={course.title} ranges={highlight?.title} />
          </Link>
        </h3>
        {course.subtitle ? (
          <p className="course-card__subtitle" dir="auto">
            <Highlighted text={course.subtitle} ranges={highlight?.subtitle} />
          </p>
        ) : null}
        <p className="course-card__instructor">
          {t('catalog.card.by')} <span dir="auto">{course.instructor.name}</span>
        </p>
        {/* Each fact is an icon and a short phrase that never breaks inside itself (the list wraps
            between facts instead); the rating's full sentence is there for screen readers. */}
        <ul className="course-card__facts" data-testid="course-facts">
          <li className="course-card__fact course-card__fact--rating" data-testid="rating">
            <FactIcon name="star" />
            {course.rating.count === 0 ? (
              t('catalog.rating.none')
            ) : (
              <>
                <span aria-hidden="true" className="course-card__average">{formatNumber(course.rating.average, language, 1)}</span>
                <span aria-hidden="true">{t('catalog.rating.count', { count: course.rating.count })}</span>
                <span className="visually-hidden">{t('catalog.rating.label', { average: formatNumber(course.rating.average, language, 1), count: course.rating.count })}</span>
              </>
            )}
          </li>
          <li className="course-card__fact">
            <FactIcon name="level" />
            {t(`catalog.level.${course.level}`)}
          </li>
          <li className="course-card__fact">
            <FactIcon name="lectures" />
            {t('catalog.card.lectures', { count: course.lectureCount })}
          </li>
          <li className="course-card__fact">
            <FactIcon name="clock" />
            {formatDuration(course.durationSeconds, t)}
          </li>
          <li className="course-card__fact">
            <FactIcon name="learners" />
            {t('catalog.card.enrolled', { count: course.enrollmentCount })}
          </li>
        </ul>
        <p className="course-card__price" data-testid="course-price">
          {course.isFree ? t('catalog.price.free') : formatMoney(course.priceMinor, course.currency, language)}
        </p>
        {footer ? <div className="course-card__footer">{footer}</div> : null}
      </div>
    </article>
  );
}

/** A responsive grid of cards: one column on phones, more as the screen widens. */
/** `row` (the home page's lists): on phones one row that scrolls sideways, a card and the edge of the next in view. */
export function CourseGrid({ children, label, row = false }: { children: ReactNode; label?: string; row?: boolean }) {
  return (
    <div className={row ? 'course-grid course-grid--row' : 'course-grid'} role="list" aria-label={label} data-testid={row ? 'course-row' : undefined}>
      {children}
    </div>
  );
}

export function CourseGridItem({ children }: { children: ReactNode }) {
  return <div role="listitem">{children}</div>;
}

/** A card's shape while the courses load: the cover's box and a grey line for each of its texts. */
function CourseCardSkeleton() {
  return (
    <div className="course-card">
      <div className="course-card__cover" />
      <div className="course-card__body">
        <SkeletonLine kind="small" width="short" />
        <SkeletonLine kind="title" width="long" />
        <SkeletonLine width="full" />
        <SkeletonLine width="half" />
        <SkeletonLine kind="small" width="half" />
        <SkeletonLine kind="small" width="long" />
        <SkeletonLine kind="title" width="short" />
      </div>
    </div>
  );
}

/** The grid of `count` cards to come, inside a Skeleton (components/skeleton.tsx). */
export function CourseGridSkeleton({ count }: { count: number }) {
  return (
    <div className="course-grid">
      {Array.from({ length: count }, (_, index) => (
        <CourseCardSkeleton key={index} />
      ))}
    </div>
  );
}
