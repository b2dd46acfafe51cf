import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on first use: its native library costs a process ~20 MB of resident memory, which a worker
 * that never receives an upload or draws a demo image does not need to carry (decision 0086).
 */
export const loadSharp = (): Promise<typeof Sharp> => (loading ??= import('sharp').then((m) => m.default));
