/**
 * Pure list moves of the outline editor, shared by drag and drop and by the keyboard: every function
 * returns new arrays and leaves its input untouched, and an impossible move returns the input itself.
 */

/** The item at `from` moved so that it ends up at index `to` (clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (from < 0 || from >= list.length) return list;
  const target = Math.min(Math.max(to, 0), list.length - 1);
  if (target === from) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

export interface ListPlace {
  list: number;
  index: number;
}

/**
 * An item moved from one list of a group to a place in another (or the same) list. In another list
 * `to.index` is the index it gets there (clamped, so past the end appends); in the same list it is
 * `moveItem`.
 */
export function moveBetween<T>(lists: readonly (readonly T[])[], from: ListPlace, to: ListPlace): readonly (readonly T[])[] {
  const source = lists[from.list];
  const target = lists[to.list];
  if (!source || !target || from.index < 0 || from.index >= source.length) return lists;
  if (from.list === to.list) {
    const moved = moveItem(source, from.index, to.index);
    return moved === source ? lists : lists.map((list, i) => (i === from.list ? moved : list));
  }
  const item = source[from.index] as T;
  const insertAt = Math.min(Math.max(to.index, 0), target.length);
  return lists.map((list, i) => {
    if (i === from.list) return list.filter((_, j) => j !== from.index);
    if (i === to.list) return [...list.slice(0, insertAt), item, ...list.slice(insertAt)];
    return list;
  });
}

/**
 * One keyboard step of an item in grouped lists: up or down within its list, and across the edge into
 * the neighbouring list (the end of the previous one, the start of the next one), as lectures move
 * between sections. Returns null at the very first or last place.
 */
export function stepPlace(lengths: readonly number[], from: ListPlace, direction: -1 | 1): ListPlace | null {
  const length = lengths[from.list];
  if (length === undefined || from.index < 0 || from.index >= length) return null;
  const index = from.index + direction;
  if (index >= 0 && index < length) return { list: from.list, index };
  const list = from.list + direction;
  if (list < 0 || list >= lengths.length) return null;
  return { list, index: direction === -1 ? (lengths[list] ?? 0) : 0 };
}
