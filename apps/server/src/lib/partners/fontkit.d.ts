// Minimal typing of upstream fontkit 2 (ships no declarations), as used by pdf-font.ts.
declare module 'fontkit' {
  export function create(buffer: Buffer, postscriptName?: string): unknown;
}
