/**
 * The units a unit price is stated per, as the page states it (decision 0079): metric and US
 * customary. A unit price is kept in the unit the page names; comparisons convert to one base
 * unit per dimension (kg, l, m, m², piece) with the exact factors below.
 */
export const MEASURE_UNITS = [
  "kg",
  "g",
  "lb",
  "oz",
  "l",
  "ml",
  "cl",
  "fl_oz",
  "m",
  "cm",
  "ft",
  "m2",
  "sq_ft",
  "piece",
] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

export type Dimension = "mass" | "volume" | "length" | "area" | "count";

/** Each unit's dimension and its size in the dimension's base unit (kg, l, m, m², piece). */
export const UNITS: Readonly<Record<MeasureUnit, { dimension: Dimension; inBase: number }>> = {
  kg: { dimension: "mass", inBase: 1 },
  g: { dimension: "mass", inBase: 0.001 },
  // The avoirdupois pound and ounce (exact by definition).
  lb: { dimension: "mass", inBase: 0.45359237 },
  oz: { dimension: "mass", inBase: 0.028349523125 },
  l: { dimension: "volume", inBase: 1 },
  ml: { dimension: "volume", inBase: 0.001 },
  cl: { dimension: "volume", inBase: 0.01 },
  // The US fluid ounce (the stores that print "fl oz" on a unit price are American).
  fl_oz: { dimension: "volume", inBase: 0.0295735295625 },
  m: { dimension: "length", inBase: 1 },
  cm: { dimension: "length", inBase: 0.01 },
  ft: { dimension: "length", inBase: 0.3048 },
  m2: { dimension: "area", inBase: 1 },
  sq_ft: { dimension: "area", inBase: 0.09290304 },
  piece: { dimension: "count", inBase: 1 },
};

/** How a unit is written beside a price ("fl oz", "m²", "piece"). */
export const UNIT_LABELS: Readonly<Record<MeasureUnit, string>> = {
  kg: "kg",
  g: "g",
  lb: "lb",
  oz: "oz",
  l: "l",
  ml: "ml",
  cl: "cl",
  fl_oz: "fl oz",
  m: "m",
  cm: "cm",
  ft: "ft",
  m2: "m²",
  sq_ft: "sq ft",
  piece: "piece",
};
