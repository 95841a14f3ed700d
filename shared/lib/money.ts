// Money is stored in minor units (cents, øre, sen) as integers and shown in major units with at most 2 decimals.

/** A figure with at most two decimals (12.5, 12.50, 0), allowing for binary fractions (0.1 + 0.2). */
export const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const toMinor = (major: number) => Math.round(major * 100);

/** Null stays null: no amount was named. */
export const toMajor = (minor: number | null) => (minor === null ? null : minor / 100);
