import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { cmsQueries } from '../api';
import { inLanguage } from './rich-content';
import '../cms.css';

/** The carousel's code comes only when there are pictures (cmsPreloads.home fetches it with the page's data). */
const HeroCarousel = lazy(() => import('./hero-carousel'));

/**
 * The home page's hero as the admin saved it (docs/cms.md), in the visitor's language; the site's
 * own texts where nothing is saved. Its data comes with the page's code (cmsPreloads.home).
 */
export function HomeHero() {
  const { t, i18n } = useTranslation();
  const view = useQuery(cmsQueries.home()).data;
  const title = inLanguage(view, 'hero_title', i18n.language) || t('home.title');
  const text = inLanguage(view, 'hero_text', i18n.language) || t('home.subtitle');
  const ctaLabel = inLanguage(view, 'cta_label', i18n.language);
  const images = view?.images ?? [];
  return (
    <section className="hero" aria-labelledby="home-title">
      <div className={`site-container hero__inner${images.length > 0 ? ' hero__inner--with-media' : ''}`}>
        <div>
          <h1 className="hero__title" id="home-title" dir="auto" data-testid="home-hero-title">{title}</h1>
          <p className="hero__text" dir="auto" data-testid="home-hero-text">{text}</p>
          <div className="hero__actions">
            {ctaLabel && view?.cta_link ? (
              <Button component={Link} to={view.cta_link} size="lg" color="yellow.3" c="dark.9" data-testid="home-hero-cta">
                {ctaLabel}
              </Button>
            ) : (
              <Button component={Link} to={paths.register('participant')} size="lg" color="yellow.3" c="dark.9">
                {t('home.cta.join')}
              </Button>
            )}
            <Button component={Link} to={paths.search} size="lg" variant="outline" color="white">
              {t('home.cta.browse')}
            </Button>
          </div>
        </div>
        {images.length > 0 ? (
          // The same reserved box while the code arrives: nothing moves when it does.
          <Suspense fallback={<div className="cms-carousel" />}>
            <HeroCarousel images={images} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
