import { describe, expect, it } from 'vitest';
import { moveBetween, moveItem, stepPlace } from './reorder';

describe('moveItem', () => {
  it('moves an item down and up within a list', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('clamps the target to the list and leaves the input unchanged', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, 99)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 2, -5)).toEqual(['c', 'a', 'b']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('returns the same list for a move to the same place or from outside it', () => {
    const list = ['a', 'b'];
    expect(moveItem(list, 1, 1)).toBe(list);
    expect(moveItem(list, -1, 0)).toBe(list);
    expect(moveItem(list, 2, 0)).toBe(list);
  });
});

describe('moveBetween', () => {
  const lists = [['a', 'b'], ['c'], []];

  it('moves an item into another list at the given index', () => {
    expect(moveBetween(lists, { list: 0, index: 1 }, { list: 1, index: 0 })).toEqual([['a'], ['b', 'c'], []]);
    expect(moveBetween(lists, { list: 1, index: 0 }, { list: 0, index: 1 })).toEqual([['a', 'c', 'b'], [], []]);
  });

  it('appends when the index is past the end, also into an empty list', () => {
    expect(moveBetween(lists, { list: 0, index: 0 }, { list: 1, index: 10 })).toEqual([['b'], ['c', 'a'], []]);
    expect(moveBetween(lists, { list: 0, index: 0 }, { list: 2, index: 0 })).toEqual([['b'], ['c'], ['a']]);
  });

  it('moves within one list like moveItem', () => {
    expect(moveBetween(lists, { list: 0, index: 0 }, { list: 0, index: 1 })).toEqual([['b', 'a'], ['c'], []]);
  });

  it('returns the input for places outside the lists and never changes it', () => {
    expect(moveBetween(lists, { list: 5, index: 0 }, { list: 0, index: 0 })).toBe(lists);
    expect(moveBetween(lists, { list: 0, index: 2 }, { list: 1, index: 0 })).toBe(lists);
    expect(moveBetween(lists, { list: 0, index: 0 }, { list: 3, index: 0 })).toBe(lists);
    expect(moveBetween(lists, { list: 0, index: 0 }, { list: 0, index: 0 })).toBe(lists);
    expect(lists).toEqual([['a', 'b'], ['c'], []]);
  });
});

describe('stepPlace', () => {
  const lengths = [2, 0, 3];

  it('steps within a list', () => {
    expect(stepPlace(lengths, { list: 0, index: 0 }, 1)).toEqual({ list: 0, index: 1 });
    expect(stepPlace(lengths, { list: 2, index: 2 }, -1)).toEqual({ list: 2, index: 1 });
  });

  it('crosses into the neighbouring list: the end of the previous, the start of the next', () => {
    expect(stepPlace(lengths, { list: 0, index: 1 }, 1)).toEqual({ list: 1, index: 0 });
    expect(stepPlace(lengths, { list: 2, index: 0 }, -1)).toEqual({ list: 1, index: 0 });
    expect(stepPlace([2, 3], { list: 1, index: 0 }, -1)).toEqual({ list: 0, index: 2 });
  });

  it('stops at the first and last place and refuses places outside the lists', () => {
    expect(stepPlace(lengths, { list: 0, index: 0 }, -1)).toBeNull();
    expect(stepPlace(lengths, { list: 2, index: 2 }, 1)).toBeNull();
    expect(stepPlace(lengths, { list: 1, index: 0 }, 1)).toBeNull();
    expect(stepPlace(lengths, { list: 4, index: 0 }, 1)).toBeNull();
  });
});
