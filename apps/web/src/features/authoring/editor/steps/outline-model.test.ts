import { describe, expect, it } from 'vitest';
import { step4Body } from '@nibras/contract';
import { contractValidator } from '../../../../lib/forms';
import { formatDuration, mergeOutline, newLecture, outlineBody, outlineFieldErrors, outlineFromServer, outlineSignature, type Outline } from './outline-model';

const lecture = (id: number, sectionId: number, title: string, extra: Partial<Outline['sections'][number]['lectures'][number]> = {}) => ({
  id,
  section_id: sectionId,
  title,
  position: 0,
  is_free_preview: false,
  duration_seconds: 0,
  has_video: false,
  video_url: null,
  streaming: null,
  captions: [],
  type: 'video' as const,
  article_html: '',
  pdf_url: null,
  pdf_downloadable: false,
  resources: [],
  ...extra,
});

const server: Outline = {
  id: 7,
  sections: [
    { id: 1, title: 'One', position: 0, opens_at: null, opens_after_days: null, lectures: [lecture(11, 1, 'a'), lecture(12, 1, 'b')] },
    { id: 2, title: 'Two', position: 1, opens_at: null, opens_after_days: null, lectures: [lecture(21, 2, 'c')] },
  ],
};

describe('outline body', () => {
  it('lists every section and lecture in the form order, new ones without ids', () => {
    const draft = outlineFromServer(server);
    draft[1]?.lectures.push({ ...newLecture(), title: '  new  ' });
    expect(outlineBody(7, draft)).toEqual({
      id: 7,
      sections: [
        { id: 1, title: 'One', lectures: [{ id: 11, title: 'a', is_free_preview: false, type: 'video', pdf_downloadable: false }, { id: 12, title: 'b', is_free_preview: false, type: 'video', pdf_downloadable: false }], opens_at: null, opens_after_days: null },
        { id: 2, title: 'Two', lectures: [{ id: 21, title: 'c', is_free_preview: false, type: 'video', pdf_downloadable: false }, { title: 'new', is_free_preview: false, type: 'video', pdf_downloadable: false }], opens_at: null, opens_after_days: null },
      ],
    });
  });

  it('has a signature that changes with order and titles but not with video facts', () => {
    const draft = outlineFromServer(server);
    const base = outlineSignature(draft);
    expect(outlineSignature(draft.map((s) => ({ ...s, lectures: s.lectures.map((l) => ({ ...l, has_video: true })) })))).toBe(base);
    expect(outlineSignature([...draft].reverse())).not.toBe(base);
  });
});

describe('mergeOutline', () => {
  it('keeps unsaved order, titles and new rows, drops what the server deleted and takes its video facts', () => {
    const draft = outlineFromServer(server);
    const [one, two] = draft as [NonNullable<(typeof draft)[0]>, NonNullable<(typeof draft)[0]>];
    const edited = [
      { ...two, title: 'Two (renamed)' },
      { ...one, lectures: [{ ...(one.lectures[1] as (typeof one.lectures)[0]), title: 'b renamed' }, one.lectures[0] as (typeof one.lectures)[0], { ...newLecture(), title: 'fresh' }] },
    ];
    const answer: Outline = {
      id: 7,
      sections: [
        { id: 1, title: 'One', position: 0, opens_at: null, opens_after_days: null, lectures: [lecture(12, 1, 'b', { has_video: true, duration_seconds: 8, video_url: '/v' })] },
        { id: 2, title: 'Two', position: 1, opens_at: null, opens_after_days: null, lectures: [lecture(21, 2, 'c')] },
      ],
    };
    const merged = mergeOutline(edited, answer);
    expect(merged.map((s) => [s.title, s.lectures.map((l) => l.title)])).toEqual([
      ['Two (renamed)', ['c']],
      ['One', ['b renamed', 'fresh']],
    ]);
    expect(merged[1]?.lectures[0]).toMatchObject({ id: 12, has_video: true, duration_seconds: 8, video_url: '/v' });
  });

  it('adds items the form did not know, so the next save lists every existing one', () => {
    const draft = outlineFromServer({ sections: [server.sections[0] as Outline['sections'][number]] });
    const answer: Outline = { id: 7, sections: [{ ...(server.sections[0] as Outline['sections'][number]), lectures: [lecture(11, 1, 'a'), lecture(12, 1, 'b'), lecture(13, 1, 'z')] }, server.sections[1] as Outline['sections'][number]] };
    expect(mergeOutline(draft, answer).map((s) => s.lectures.map((l) => l.id))).toEqual([[11, 12, 13], [21]]);
  });

  it('drops a deleted section with its lectures', () => {
    const answer: Outline = { id: 7, sections: [server.sections[1] as Outline['sections'][number]] };
    expect(mergeOutline(outlineFromServer(server), answer).map((s) => s.id)).toEqual([2]);
  });
});

describe('outlineFieldErrors', () => {
  it('ties server paths to the rows they name, and keeps the rest for the form', () => {
    const draft = outlineFromServer(server);
    expect(outlineFieldErrors(draft, { 'sections.1.title': 'Required', 'sections.0.lectures.1.title': 'Too long', 'sections.0.lectures.0.id': 'Unknown', sections: 'Outline changed', 'sections.5.title': 'Gone' })).toEqual({
      's2.title': 'Required',
      'l12.title': 'Too long',
      l11: 'Unknown',
      form: 'Outline changed Gone',
    });
  });
});

describe('formatDuration', () => {
  it('shows minutes and seconds, and hours when there are some', () => {
    expect(formatDuration(8)).toBe('0:08');
    expect(formatDuration(605)).toBe('10:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('the outline checked in the browser', () => {
  it("finds what the server's schema refuses and ties each message to its row, wherever the row has moved", () => {
    const outline = outlineFromServer({ sections: [{ id: 4, title: 'Basics', position: 0, opens_at: null, opens_after_days: null, lectures: [lecture(7, 4, 'Pens')] }] });
    const untitled = { ...newLecture(), title: '   ' };
    const edited = [{ ...outline[0]!, lectures: [untitled, ...outline[0]!.lectures] }];
    const validate = contractValidator(step4Body, (sections: typeof edited) => outlineBody(1, sections), (key) => key, () => true);
    const errors = outlineFieldErrors(edited, validate(edited));
    expect(errors).toEqual({ [`${untitled.key}.title`]: 'api.validation.required' });
    expect(outlineFieldErrors(outline, validate(outline))).toEqual({});
  });
});
