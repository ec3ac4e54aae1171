import { VisuallyHidden } from '@mantine/core';
import { Carousel } from '@mantine/carousel';
import { useReducedMotion } from '@mantine/hooks';
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HomeImage } from '@nibras/contract';
import { inLanguage } from './rich-content';
import '@mantine/carousel/styles.layer.css';
import '../cms.css';

/**
 * The hero images: no autoplay (nothing moves unless the visitor asks), previous/next buttons,
 * dots, and the arrow keys in the reading direction; every part labelled in the page's language.
 */
export default function HeroCarousel({ images }: { images: HomeImage[] }) {
  const { t, i18n } = useTranslation();
  const [selected, setSelected] = useState(0);
  const [embla, setEmbla] = useState<{ scrollNext: () => void; scrollPrev: () => void; scrollTo: (i: number) => void } | null>(null);
  const rtl = i18n.dir() === 'rtl';
  // A visitor who asked for less motion gets the next picture at once, without the sliding.
  const reduceMotion = useReducedMotion();
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) embla?.scrollNext();
    else if (event.key === back) embla?.scrollPrev();
    else if (event.key === 'Home') embla?.scrollTo(0);
    else if (event.key === 'End') embla?.scrollTo(images.length - 1);
    else return;
    event.preventDefault();
  };
  const count = images.length;
  return (
    // data-live-region: its announcements stay in the page on purpose (the browser tests' "settled" knows).
    <div onKeyDown={onKeyDown} data-live-region data-testid="home-carousel-frame">
      <Carousel
        className="cms-carousel"
        aria-label={t('cms.carousel.label')}
        aria-roledescription={t('cms.carousel.kind')}
        withKeyboardEvents={false}
        withControls={count > 1}
        withIndicators={count > 1}
        emblaOptions={{ loop: count > 1, align: 'start', duration: reduceMotion ? 1 : 25 }}
        getEmblaApi={setEmbla}
        onSlideChange={setSelected}
        previousControlProps={{ 'aria-label': t('cms.carousel.previous') }}
        nextControlProps={{ 'aria-label': t('cms.carousel.next') }}
        getIndicatorProps={(index) => ({ 'aria-label': t('cms.carousel.goTo', { n: index + 1, total: count }) })}
        data-testid="home-carousel"
      >
        {images.map((image, index) => {
          const alt = inLanguage(image, 'alt', i18n.language);
          const title = inLanguage(image, 'title', i18n.language);
          const picture = (
            <>
              <img
                className="cms-carousel__image"
                src={image.url}
                alt={alt}
                width={1280}
                height={720}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
              {title ? <span className="cms-carousel__caption" dir="auto">{title}</span> : null}
            </>
          );
          return (
            <Carousel.Slide
              key={image.id}
              aria-roledescription={t('cms.carousel.slideKind')}
              aria-label={t('cms.carousel.slide', { n: index + 1, total: count })}
              // A slide out of view is not reachable by Tab or a screen reader's browse mode.
              inert={index !== selected}
              data-testid="home-carousel-slide"
            >
              {image.link ? (
                <Link className="cms-carousel__slide" to={image.link}>
                  {picture}
                </Link>
              ) : (
                <div className="cms-carousel__slide">{picture}</div>
              )}
            </Carousel.Slide>
          );
        })}
      </Carousel>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {count > 1 ? t('cms.carousel.slide', { n: selected + 1, total: count }) : ''}
      </VisuallyHidden>
    </div>
  );
}

