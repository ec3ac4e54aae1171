/**
 * Polls `holds` until it is true, or fails after `timeoutMs` saying what was awaited: for a state the
 * server reaches on its own time (a file written or removed), never a fixed pause.
 */
export async function until(holds: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
