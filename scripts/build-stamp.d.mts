/** The hash of `inputs` (files or folders, relative to `root`): their files' paths and contents, in order. */
export function sourcesHash(root: string, inputs: string[]): string;
/** Whether `output` exists and `stampFile` holds `hash`: the build may be skipped. */
export function upToDate(output: string, stampFile: string, hash: string): boolean;
export function writeStamp(stampFile: string, hash: string): void;
