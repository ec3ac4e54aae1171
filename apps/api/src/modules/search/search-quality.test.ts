import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SearchResult } from '@nibras/contract';
import { apiSuite, createUser, testDatabase } from '../../../test/harness';
import { createCategory, createCourse } from '../../../test/factories';
import { courseTags, tags } from '../../db/schema';
import { refreshCourseSearchText } from './search.service';
import { QUALITY_CASES, QUALITY_COURSES, QUALITY_INSTRUCTORS, type QualityCase } from './search-quality.cases';

// The search quality set (docs/search.md, "Quality set"): the catalogue of search-quality.cases.ts is
// created once, approved and public, in a category made for this run, and every query goes through
// GET /api/public/search filtered by that category (`category=<slug>`), so courses of other tests and
// earlier runs (the database is shared per worker, and across runs on a PostgreSQL server) cannot push
// the expected courses out of the first five. Each request comes from an address of its own
// (suite.inject), so the per-address search limit never applies.

const suite = apiSuite();

/** Results looked at: what the first screen of the search page shows on a phone. */
const TOP = 5;
/** Queries sent at once: PGlite runs them one at a time anyway; a server runs three. */
const BATCH = 4;

let category: { id: number; slug: string };
const keyOf = new Map<number, string>();

/** An approved course with its tags and search text, as authoring leaves it. */
async function createQualityCourse(values: (typeof QUALITY_COURSES)[number], instructorId: number, categoryId: number) {
  const { db } = await testDatabase();
  const row = await createCourse({
    title: values.title,
    subtitle: values.subtitle,
    description: values.description ?? '',
    language: values.language,
    categoryId,
    instructorId,
  });
  for (const name of values.tags) {
    // Tag names are unique (case aside) and the database outlives a run: an existing tag is reused, as authoring does.
    await db.insert(tags).values({ name }).onConflictDoNothing();
    const [tag] = await db.select({ id: tags.id }).from(tags).where(sql`lower(${tags.name}) = lower(${name})`);
    await db.insert(courseTags).values({ courseId: row.id, tagId: tag!.id });
  }
  await refreshCourseSearchText(db, row.id);
  return row;
}

beforeAll(async () => {
  category = await createCategory();
  const instructors = new Map<string, number>();
  for (const { key, name } of QUALITY_INSTRUCTORS) instructors.set(key, (await createUser('instructor', { name })).id);
  for (const course of QUALITY_COURSES) {
    const row = await createQualityCourse(course, instructors.get(course.instructor)!, category.id);
    keyOf.set(row.id, course.key);
  }
});

interface Outcome {
  test: QualityCase;
  keys: string[];
  total: number;
}

async function run(test: QualityCase): Promise<Outcome> {
  const res = await suite.inject({ method: 'GET', url: '/api/public/search', query: { q: test.q, category: category.slug, perPage: String(TOP) } });
  expect(res.statusCode, `${test.q}: ${res.body}`).toBe(200);
  const data: SearchResult = res.json().data;
  return { test, keys: data.items.map((c) => keyOf.get(c.id) ?? `#${c.id}`), total: data.total };
}

describe('search quality set', () => {
  it('has at least 100 queries, each expecting courses of the catalogue, and no query twice', () => {
    expect(QUALITY_CASES.length).toBeGreaterThanOrEqual(100);
    const keys = new Set(QUALITY_COURSES.map((c) => c.key));
    expect(keys.size).toBe(QUALITY_COURSES.length);
    const instructors = new Set(QUALITY_INSTRUCTORS.map((i) => i.key));
    expect(QUALITY_COURSES.filter((c) => !instructors.has(c.instructor)).map((c) => c.key)).toEqual([]);
    for (const test of QUALITY_CASES) {
      expect(test.expect.length, test.q).toBeGreaterThan(0);
      expect(test.expect.length, test.q).toBeLessThanOrEqual(TOP);
      expect(test.expect.filter((k) => !keys.has(k)), test.q).toEqual([]);
    }
    const queries = QUALITY_CASES.map((c) => c.q);
    expect(queries.filter((q, i) => queries.indexOf(q) !== i)).toEqual([]);
  });

  it('finds the expected courses in the first five results of every query', async () => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < QUALITY_CASES.length; i += BATCH) {
      outcomes.push(...(await Promise.all(QUALITY_CASES.slice(i, i + BATCH).map(run))));
    }
    const misses = outcomes
      .filter(({ test, keys }) => test.expect.some((k) => !keys.includes(k)))
      .map(({ test, keys, total }) => {
        const missing = test.expect.filter((k) => !keys.includes(k));
        return `[${test.kind}] ${JSON.stringify(test.q)}: missing ${missing.join(', ')}; first ${TOP} of ${total}: ${keys.join(', ') || '(none)'}`;
      });
    expect(misses, `${misses.length} of ${QUALITY_CASES.length} queries missed:\n${misses.join('\n')}`).toEqual([]);
  });
});
