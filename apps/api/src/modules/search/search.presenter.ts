import { COURSE_LANGUAGES, COURSE_LEVELS, PRICE_FILTERS, RATING_BUCKETS, type CourseCard, type SearchFacets, type SearchResult } from '@nibras/contract';
import { highlightRanges, type HighlightTerms } from '../../lib/search-text';
import type { FacetRow } from './search.queries';

/** The facet rows of a search as the contract's counts: every value of a fixed facet, even at 0. */
function presentFacets(rows: FacetRow[]): { total: number; facets: SearchFacets } {
  const of = (facet: FacetRow['facet']) => rows.filter((r) => r.facet === facet);
  const countOf = (facet: FacetRow['facet'], value: string) => Number(of(facet).find((r) => r.value === value)?.count ?? 0);
  return {
    total: Number(of('total')[0]?.count ?? 0),
    facets: {
      category: of('category')
        .map((r) => ({ id: Number(r.value), slug: r.slug ?? '', name_ar: r.name_ar ?? '', name_en: r.name_en ?? '', count: Number(r.count) }))
        .sort((a, b) => b.count - a.count || a.id - b.id),
      language: COURSE_LANGUAGES.map((value) => ({ value, count: countOf('language', value) })),
      level: COURSE_LEVELS.map((value) => ({ value, count: countOf('level', value) })),
      price: PRICE_FILTERS.map((value) => ({ value, count: countOf('price', value) })),
      rating: RATING_BUCKETS.map((min) => ({ min, count: countOf('rating', String(min)) })),
    },
  };
}

/** One page of a search: the cards with their highlights, the facets, and the words searched. */
export function presentSearchResult(found: {
  cards: CourseCard[];
  terms: HighlightTerms;
  facetRows: FacetRow[];
  page: number;
  perPage: number;
  normalized: string;
  tokens: string[];
}): SearchResult {
  const items = found.cards.map((card) => ({
    ...card,
    highlight: { title: highlightRanges(card.title, found.terms), subtitle: highlightRanges(card.subtitle, found.terms) },
  }));
  const { total, facets } = presentFacets(found.facetRows);
  return { items, page: found.page, perPage: found.perPage, total, facets, query: { normalized: found.normalized, tokens: found.tokens } };
}
