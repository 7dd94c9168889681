/** subset-font ships no types; the part of its API the build uses (README of subset-font 2.x). */
declare module 'subset-font' {
  type AxisRange = number | { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Uint8Array,
    text: string | null | undefined,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2';
      keepFeatures?: string[];
      variationAxes?: Record<string, AxisRange>;
      noHinting?: boolean;
    },
  ): Promise<Uint8Array>;
}
